/**
 * Content-coding negotiation between upstream and browser, and decoding with node:zlib.
 * The forwarder asks upstream for `gzip, br`; what comes back is passed through when the browser
 * accepts it, decoded to identity when it does not, and refused when it cannot be decoded.
 */
import { promisify } from 'node:util';
import { brotliDecompress, gunzip, gzip } from 'node:zlib';
import { acceptsCoding } from '../accept-encoding.ts';

const gunzipAsync = promisify(gunzip);
const brotliDecompressAsync = promisify(brotliDecompress);
const gzipAsync = promisify(gzip);

/** Codings this server can decode. zstd is not among them on Node 20. */
export type DecodableCoding = 'gzip' | 'br';

/** Codings of which the HK full-market ticker needs at least one (§4.6, §8). */
export const HK_TICKER_CODINGS = ['gzip', 'br', 'zstd'] as const;

export type EncodingPlan =
  | { kind: 'pass'; coding: string } // send the bytes as received; coding '' means identity
  | { kind: 'decode'; coding: DecodableCoding } // decode and send identity
  | { kind: 'unsupported'; coding: string }; // neither the browser nor we can handle it

/** Whether the browser advertises a coding the HK full-market ticker can be sent in. */
export function acceptsHkTickerCoding(acceptEncoding: string | null): boolean {
  return HK_TICKER_CODINGS.some((coding) => acceptsCoding(acceptEncoding, coding));
}

/** Upstream's Content-Encoding, lower-cased; '' for none or identity; `x-gzip` read as gzip. */
export function normalizeContentEncoding(value: string | string[] | undefined): string {
  const joined = Array.isArray(value) ? value.join(', ') : (value ?? '');
  const coding = joined.trim().toLowerCase();
  if (coding === 'identity') return '';
  if (coding === 'x-gzip') return 'gzip';
  return coding;
}

export function isDecodable(coding: string): coding is DecodableCoding {
  return coding === 'gzip' || coding === 'br';
}

/** Decides how a body in upstream's `coding` reaches a browser with this Accept-Encoding. */
export function planEncoding(coding: string, acceptEncoding: string | null): EncodingPlan {
  if (coding === '') return { kind: 'pass', coding: '' };
  if (!coding.includes(',') && acceptsCoding(acceptEncoding, coding)) return { kind: 'pass', coding };
  if (isDecodable(coding)) return { kind: 'decode', coding };
  return { kind: 'unsupported', coding };
}

/** Raised when a decoded body would exceed the output limit (a decompression bomb, or just huge). */
export class DecodedTooLargeError extends Error {
  constructor() {
    super('decoded body too large');
    this.name = 'DecodedTooLargeError';
  }
}

/** Decodes without blocking the event loop; throws DecodedTooLargeError past `maxOutputLength`. */
export async function decodeBody(body: Buffer, coding: DecodableCoding, maxOutputLength: number): Promise<Buffer> {
  try {
    return coding === 'gzip' ? await gunzipAsync(body, { maxOutputLength }) : await brotliDecompressAsync(body, { maxOutputLength });
  } catch (error) {
    if (error instanceof RangeError) throw new DecodedTooLargeError();
    throw error;
  }
}

export async function gzipBody(body: Buffer): Promise<Buffer> {
  return gzipAsync(body);
}
