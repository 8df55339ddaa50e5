/**
 * The built SPA: files from `dist/`, with index.html for any other non-API path so client-side
 * routes and shared links load. Hashed assets are immutable; index.html is revalidated, and
 * carries the data's clock when `clock` is given (server/page-clock.ts).
 */
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import type { Hono } from 'hono';
import { stampPageClock } from './page-clock.ts';

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
}

export function mountStaticSite(app: Hono, root: string, options: StaticSiteOptions = {}): void {
  const absoluteRoot = normalize(root);
  app.on(['GET', 'HEAD'], '*', async (c) => {
    const path = new URL(c.req.url).pathname;
    if (path.startsWith('/v1') || path.startsWith('/__sim/')) return c.notFound();
    const file = (await fileIn(absoluteRoot, path)) ?? join(absoluteRoot, 'index.html');
    let body: Buffer;
    try {
      body = await readFile(file);
    } catch {
      return c.text('Chartroom is not built: run `npm run build` first.', 503);
    }
    const isAsset = path.startsWith('/assets/');
    if (options.clock && extname(file) === '.html') body = Buffer.from(stampPageClock(body.toString('utf8'), options.clock()));
    return new Response(c.req.method === 'HEAD' ? null : new Uint8Array(body), {
      headers: {
        'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
        'Cache-Control': isAsset ? 'public, max-age=31536000, immutable' : 'no-cache',
        'X-Content-Type-Options': 'nosniff',
      },
    });
  });
}
