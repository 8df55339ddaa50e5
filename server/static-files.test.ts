import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressFile } from './precompressed-files.ts';
import { mountStaticSite } from './static-files.ts';

const root = mkdtempSync(join(tmpdir(), 'chartroom-static-'));
const script = 'export const rows = [' + Array.from({ length: 400 }, (_, i) => `{id:${i},name:"row ${i}"}`).join(',') + '];\n';
const page = '<!doctype html><title>Chartroom</title><div id="root"></div>' + ' '.repeat(2000);
const site = new Hono();

beforeAll(async () => {
  mkdirSync(join(root, 'assets'));
  writeFileSync(join(root, 'assets', 'app.js'), script);
  writeFileSync(join(root, 'assets', 'plain.js'), script);
  writeFileSync(join(root, 'index.html'), page);
  writeFileSync(join(root, 'app-shell.html'), page);
  await precompressFile(join(root, 'assets', 'app.js'));
  mountStaticSite(site, root);
});
afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

const get = (path: string, acceptEncoding?: string, method = 'GET') =>
  site.request(`http://localhost${path}`, { method, headers: acceptEncoding === undefined ? {} : { 'Accept-Encoding': acceptEncoding } });
const bytes = async (response: Response) => Buffer.from(await response.arrayBuffer());

describe('scripts and style sheets go out compressed', () => {
  it("sends the build's brotli copy to a browser that accepts it", async () => {
    const response = await get('/assets/app.js', 'gzip, deflate, br, zstd');
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(response.headers.get('vary')).toBe('Accept-Encoding');
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(await bytes(response)).toString()).toBe(script);
  });

  it('sends the gzip copy when brotli is not accepted (plain-HTTP browsers ask for gzip and deflate only)', async () => {
    for (const accept of ['gzip, deflate', 'br;q=0, gzip']) {
      const response = await get('/assets/app.js', accept);
      expect(response.headers.get('content-encoding'), accept).toBe('gzip');
      expect(gunzipSync(await bytes(response)).toString()).toBe(script);
    }
  });

  it('sends the file itself to a client that accepts no coding, still marked as varying', async () => {
    const response = await get('/assets/app.js');
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(response.headers.get('vary')).toBe('Accept-Encoding');
    expect((await bytes(response)).toString()).toBe(script);
  });

  it('answers HEAD with the headers of the copy and no body', async () => {
    const response = await get('/assets/app.js', 'br', 'HEAD');
    expect(response.headers.get('content-encoding')).toBe('br');
    expect((await bytes(response)).length).toBe(0);
  });

  it('sends files without copies, and the page, as they are', async () => {
    const plain = await get('/assets/plain.js', 'gzip, br');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toBeNull();
    expect((await bytes(plain)).toString()).toBe(script);
    const index = await get('/some/route', 'gzip, br');
    expect(index.headers.get('content-encoding')).toBeNull();
    expect((await bytes(index)).toString()).toBe(page);
  });
});

describe('a file of another build', () => {
  it('answers a missing hashed file with 404, not with the page, and never caches the answer', async () => {
    const response = await get('/assets/app-0ld8u1ld.js');
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect((await bytes(response)).toString()).not.toContain('<!doctype');
  });

  it('still answers any other path with the page (shared links, client routes)', async () => {
    const response = await get('/some/route');
    expect(response.status).toBe(200);
    expect((await bytes(response)).toString()).toContain('<!doctype html>');
  });
});

describe("the service worker's offline shell", () => {
  const stamped = new Hono();
  const CARRIED = '<script id="chartroom-first-page"></script>';
  mountStaticSite(stamped, root, { clock: () => 1_700_000_000_000, firstPage: () => Promise.resolve(CARRIED) });

  it('carries neither the clock nor the first chart page, while every index.html does', async () => {
    const index = await (await stamped.request('http://localhost/')).text();
    expect(index).toContain('content="1700000000000"');
    expect(index).toContain(CARRIED);
    const shell = await stamped.request('http://localhost/app-shell.html');
    expect(shell.status).toBe(200);
    expect(shell.headers.get('cache-control')).toBe('no-cache');
    expect(await shell.text()).toBe(page);
  });
});
