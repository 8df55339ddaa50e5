/**
 * The built SPA: files from `dist/`, with index.html for any other non-API path so client-side
 * routes and shared links load. Hashed assets are immutable; index.html is revalidated, and
 * carries the data's clock when `clock` is given (server/page-clock.ts) and, with `firstPage`, the
 * chart's first history page (server/first-page.ts), streamed and compressed per request
 * (page-stream.ts); other HTML files go out as they were built. Scripts and style sheets go out as the build's brotli or gzip copy when the
 * browser accepts one (precompressed-files.ts).
 */
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import type { Hono } from 'hono';
import { stampPageClock } from './page-clock.ts';
import { pageCodingFor, streamPage } from './page-stream.ts';
import { chooseCopy, copiesLookup, isCompressible } from './precompressed-files.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

async function fileIn(root: string, urlPath: string): Promise<string | undefined> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0')) return undefined;
  const candidate = normalize(join(root, decoded));
  if (candidate !== root && !candidate.startsWith(root + sep)) return undefined;
  try {
    return (await stat(candidate)).isFile() ? candidate : undefined;
  } catch {
    return undefined;
  }
}

export interface StaticSiteOptions {
  /** The data's clock (ms) stamped into index.html on every load. */
  clock?: () => number;
  /**
   * What index.html carries before its `</body>` for this page request (an element or ''), made
   * at `now` (the clock's); `env` is the server's for the request. The page then goes out per
   * request, never kept by a cache: what it carries is as old as the request.
   */
  firstPage?: (pageRequest: Request, now: number, env: unknown) => Promise<string>;
}

/** The bytes to send for `file`, and their Content-Encoding when a compressed copy is sent. */
interface Body {
  bytes: Buffer;
  coding?: string;
  /** Whether the answer depends on Accept-Encoding (the file has compressed copies). */
  varies: boolean;
}

export function mountStaticSite(app: Hono, root: string, options: StaticSiteOptions = {}): void {
  const absoluteRoot = normalize(root);
  const indexFile = join(absoluteRoot, 'index.html');
  const copiesOf = copiesLookup();
  const bodyOf = async (file: string, acceptEncoding: string | null): Promise<Body> => {
    const codings = isCompressible(file) ? await copiesOf(file) : [];
    const copy = chooseCopy(file, codings, acceptEncoding);
    if (copy) {
      try {
        return { bytes: await readFile(copy.path), coding: copy.coding, varies: true };
      } catch {
        // The copy went away under the server: the file itself still answers.
      }
    }
    return { bytes: await readFile(file), varies: codings.length > 0 };
  };
  app.on(['GET', 'HEAD'], '*', async (c) => {
    const path = new URL(c.req.url).pathname;
    if (path.startsWith('/v1') || path.startsWith('/__sim/') || path.startsWith('/chartroom/')) return c.notFound();
    const found = await fileIn(absoluteRoot, path);
    // A hashed file of another build (a page open across a deploy): a 404 its loader can tell,
    // not the page as a script the browser cannot parse.
    if (found === undefined && path.startsWith('/assets/'))
      return new Response('Not found: this file is not part of the running build.', {
        status: 404,
        headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' },
      });
    const file = found ?? indexFile;
    let body: Body;
    try {
      body = await bodyOf(file, c.req.header('accept-encoding') ?? null);
    } catch {
      return c.text('Chartroom is not built: run `npm run build` first.', 503);
    }
    const isAsset = path.startsWith('/assets/');
    // Only index.html carries the clock and the first chart page; app-shell.html (the service
    // worker's offline copy of it, vite-plugins/app-shell-page.ts) goes out as it was built.
    const isPage = file === indexFile;
    const now = options.clock?.() ?? Date.now();
    if (options.clock && isPage) body = { ...body, bytes: Buffer.from(stampPageClock(body.bytes.toString('utf8'), now)) };
    if (options.firstPage && isPage && body.coding === undefined) {
      const coding = pageCodingFor(c.req.header('accept-encoding') ?? null);
      const headers: Record<string, string> = {
        'Content-Type': TYPES['.html'] ?? '',
        'Cache-Control': 'no-store',
        'X-Content-Type-Options': 'nosniff',
        Vary: 'Accept-Encoding',
      };
      if (coding !== undefined) headers['Content-Encoding'] = coding;
      if (c.req.method === 'HEAD') return new Response(null, { headers });
      return new Response(streamPage(body.bytes.toString('utf8'), options.firstPage(c.req.raw, now, c.env), coding), { headers });
    }
    const headers: Record<string, string> = {
      'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
      'Cache-Control': isAsset ? 'public, max-age=31536000, immutable' : 'no-cache',
      'X-Content-Type-Options': 'nosniff',
    };
    if (body.coding !== undefined) headers['Content-Encoding'] = body.coding;
    if (body.varies) headers.Vary = 'Accept-Encoding';
    return new Response(c.req.method === 'HEAD' ? null : new Uint8Array(body.bytes), { headers });
  });
}
