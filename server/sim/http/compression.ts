/**
 * Compression of the full-HK ticker (§4.6): the client must advertise gzip, br or zstd; the
 * answer is compressed in the first acceptable coding (gzip preferred, the service's default;
 * zstd only where the Node runtime has it) and names it in Content-Encoding.
 */
import * as zlib from 'node:zlib';
import { parseAcceptEncoding } from '../../accept-encoding.ts';

export type Coding = 'gzip' | 'br' | 'zstd';

type ZstdCompress = (input: Buffer) => Buffer;
const zstdCompressSync = (zlib as unknown as { zstdCompressSync?: ZstdCompress }).zstdCompressSync;

export const AVAILABLE_CODINGS: readonly Coding[] = zstdCompressSync ? ['gzip', 'br', 'zstd'] : ['gzip', 'br'];

/** The coding to answer with, or undefined when the client accepts none we can produce. */
export function chooseCoding(acceptEncoding: string | null): Coding | undefined {
  const accepted = parseAcceptEncoding(acceptEncoding);
  let best: Coding | undefined;
  let bestQ = 0;
  for (const coding of AVAILABLE_CODINGS) {
    const q = accepted.get(coding) ?? accepted.get('*') ?? 0;
    if (q > bestQ) {
      best = coding;
      bestQ = q;
    }
  }
  return best;
}

/**
 * The bodies compressed last, with their compressed bytes: a full-market feed answers the same
 * bytes to every poll until a figure changes (a shut market all night, dashboards polling within
 * the same second), and gzip is a third of such an answer's time (18 ms of the HK feed's 750 KB).
 * A few, as the three feeds and their codings take turns.
 */
const recent: { coding: Coding; body: Buffer; bytes: Buffer }[] = [];
const RECENT_BODIES = 6;

export function compress(body: Buffer, coding: Coding): Buffer {
  const known = recent.find((entry) => entry.coding === coding && entry.body.length === body.length && entry.body.equals(body));
  if (known) return known.bytes;
  const bytes = compressNow(body, coding);
  recent.unshift({ coding, body, bytes });
  recent.length = Math.min(recent.length, RECENT_BODIES);
  return bytes;
}

function compressNow(body: Buffer, coding: Coding): Buffer {
  if (coding === 'gzip') return zlib.gzipSync(body, { level: 6 });
  if (coding === 'br') {
    return zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } });
  }
  if (!zstdCompressSync) throw new Error('zstd is not available in this runtime');
  return zstdCompressSync(body);
}
