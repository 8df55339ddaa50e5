/**
 * Precompressed copies of the built SPA's text files: `npm run build` writes `<file>.br` and
 * `<file>.gz` beside each script, style sheet and other text asset (vite-plugins/precompress-assets.ts),
 * and the production server sends the copy the browser accepts (static-files.ts). Compressing once
 * at build time allows the slowest, smallest settings, which no server could afford per request.
 */
import { access, readFile, writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { acceptsCoding } from './accept-encoding.ts';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export type Precompression = 'br' | 'gzip';

/** The copies, in the server's order of preference, and the suffix each is written under. */
export const PRECOMPRESSIONS: readonly { coding: Precompression; suffix: string }[] = [
  { coding: 'br', suffix: '.br' },
  { coding: 'gzip', suffix: '.gz' },
];

/** Text assets worth compressing (source maps are fetched only by developer tools: left as they are). */
const COMPRESSIBLE = /\.(?:m?js|css|svg|json|txt|webmanifest)$/;
/**
 * Below this a compressed copy saves less than its headers cost (Content-Encoding and Vary: about
 * 45 bytes over HTTP/1.1). Above it, it saves more: Rolldown's 0.7 KiB runtime on the first page
 * goes out as 0.4 KiB of brotli.
 */
export const PRECOMPRESS_MIN_BYTES = 512;

export function isCompressible(fileName: string): boolean {
  return COMPRESSIBLE.test(fileName);
}

function compress(coding: Precompression, source: Buffer): Promise<Buffer> {
  if (coding === 'gzip') return gzipAsync(source, { level: 9 });
  return brotliAsync(source, {
    params: {
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
    },
  });
}

/** Writes the compressed copies of one file; a copy no smaller than the file is not written. Returns the codings written. */
export async function precompressFile(path: string): Promise<Precompression[]> {
  const source = await readFile(path);
  if (source.length < PRECOMPRESS_MIN_BYTES) return [];
  const written = await Promise.all(
    PRECOMPRESSIONS.map(async ({ coding, suffix }) => {
      const compressed = await compress(coding, source);
      if (compressed.length >= source.length) return undefined;
      await writeFile(path + suffix, compressed);
      return coding;
    }),
  );
  return written.filter((coding): coding is Precompression => coding !== undefined);
}

async function exists(path: string): Promise<boolean> {
  try {
    await access(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * For a server: which compressed copies a file has, looked up once per file (the built site does
 * not change under a running server; only existing compressible files are asked about, so the
 * map is bounded by the site's size).
 */
export function copiesLookup(): (path: string) => Promise<Precompression[]> {
  const known = new Map<string, Promise<Precompression[]>>();
  return (path) => {
    let codings = known.get(path);
    if (codings === undefined) {
      codings = Promise.all(PRECOMPRESSIONS.map(async ({ coding, suffix }) => ((await exists(path + suffix)) ? [coding] : []))).then((found) => found.flat());
      known.set(path, codings);
    }
    return codings;
  };
}

/** The copy to send for this Accept-Encoding, if any: the file's path with the coding's suffix. */
export function chooseCopy(
  path: string,
  codings: readonly Precompression[],
  acceptEncoding: string | null,
): { path: string; coding: Precompression } | undefined {
  for (const { coding, suffix } of PRECOMPRESSIONS) {
    if (codings.includes(coding) && acceptsCoding(acceptEncoding, coding)) return { path: path + suffix, coding };
  }
  return undefined;
}
