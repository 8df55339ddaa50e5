/**
 * A JSON document encoded once for every browser that asks: its bytes, their brotli and gzip
 * copies (compressed when the document changes, at the strongest settings, never per request),
 * and a strong ETag per representation (RFC 9110 §8.8.1: each content coding is its own).
 */
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export type Coding = 'br' | 'gzip' | 'identity';

/** In the server's order of preference. */
export const CODINGS: readonly Coding[] = ['br', 'gzip', 'identity'];

export interface Representation {
  bytes: Buffer;
  /** Quoted, as sent in ETag. */
  etag: string;
}

export type EncodedDocument = Readonly<Record<Coding, Representation>>;

export async function encodeDocument(value: unknown): Promise<EncodedDocument> {
  const identity = Buffer.from(JSON.stringify(value), 'utf8');
  const hash = createHash('sha256').update(identity).digest('base64url').slice(0, 27);
  const [br, gz] = await Promise.all([
    brotliAsync(identity, {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
    gzipAsync(identity, { level: 9 }),
  ]);
  return {
    br: { bytes: br, etag: `"${hash}-br"` },
    gzip: { bytes: gz, etag: `"${hash}-gz"` },
    identity: { bytes: identity, etag: `"${hash}"` },
  };
}
