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

export function compress(body: Buffer, coding: Coding): Buffer {
  if (coding === 'gzip') return zlib.gzipSync(body, { level: 6 });
  if (coding === 'br') {
    return zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } });
  }
  if (!zstdCompressSync) throw new Error('zstd is not available in this runtime');
  return zstdCompressSync(body);
}
