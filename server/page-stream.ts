/**
 * index.html as a stream compressed on the fly: everything before `</body>` leaves at once (the
 * head names the scripts and style sheets, so they start downloading), then what the page waits
 * for (the first history page, server/first-page.ts), then the end. A per-request page has no
 * build-time compressed copy: brotli at a fast level (or gzip) here, flushed after the first part.
 */
import { Readable } from 'node:stream';
import { constants, createBrotliCompress, createGzip, type BrotliCompress, type Gzip } from 'node:zlib';
import { acceptsCoding } from './accept-encoding.ts';

/** Fast enough per request (a millisecond or two for a page with 100 KiB of K-lines), most of the ratio. */
const BROTLI_QUALITY = 5;
const GZIP_LEVEL = 6;

export type PageCoding = 'br' | 'gzip' | undefined;

/** The coding to send the page in for this Accept-Encoding. */
export function pageCodingFor(acceptEncoding: string | null): PageCoding {
  if (acceptsCoding(acceptEncoding, 'br')) return 'br';
  if (acceptsCoding(acceptEncoding, 'gzip')) return 'gzip';
  return undefined;
}

function compressor(coding: 'br' | 'gzip'): { stream: BrotliCompress | Gzip; flush: () => void } {
  if (coding === 'br') {
    const stream = createBrotliCompress({
      params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
    });
    return {
      stream,
      flush: () => {
        stream.flush(constants.BROTLI_OPERATION_FLUSH);
      },
    };
  }
  const stream = createGzip({ level: GZIP_LEVEL });
  return {
    stream,
    flush: () => {
      stream.flush(constants.Z_SYNC_FLUSH);
    },
  };
}

/**
 * The page `html` with `insert` (awaited after the first part has left) before its `</body>`
 * (at the end when it has none), as a body stream in `coding`.
 */
export function streamPage(html: string, insert: Promise<string>, coding: PageCoding): ReadableStream<Uint8Array> {
  const at = html.lastIndexOf('</body>');
  const [head, tail] = at === -1 ? [html, ''] : [html.slice(0, at), html.slice(at)];
  if (coding === undefined) {
    async function* parts(): AsyncGenerator<Buffer> {
      yield Buffer.from(head);
      yield Buffer.from((await insert) + tail);
    }
    return Readable.toWeb(Readable.from(parts())) as ReadableStream<Uint8Array>;
  }
  const { stream, flush } = compressor(coding);
  stream.write(head);
  flush();
  void insert.then(
    (middle) => {
      stream.end(middle + tail);
    },
    () => {
      stream.end(tail);
    },
  );
  return Readable.toWeb(stream) as ReadableStream<Uint8Array>;
}
