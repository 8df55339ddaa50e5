import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { chooseCopy, copiesLookup, isCompressible, precompressFile } from './precompressed-files.ts';

const dir = mkdtempSync(join(tmpdir(), 'chartroom-precompress-'));
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});
const script = 'export function f(a){return a.map((x)=>x*2).filter(Boolean)}\n'.repeat(200);

describe('precompressFile', () => {
  it('writes a brotli and a gzip copy that decode to the file, both smaller', async () => {
    const path = join(dir, 'app.js');
    writeFileSync(path, script);
    expect(await precompressFile(path)).toEqual(['br', 'gzip']);
    const br = readFileSync(`${path}.br`);
    const gz = readFileSync(`${path}.gz`);
    expect(brotliDecompressSync(br).toString()).toBe(script);
    expect(gunzipSync(gz).toString()).toBe(script);
    expect(br.length).toBeLessThan(gz.length);
    expect(gz.length).toBeLessThan(script.length / 10);
  });

  it('leaves small files and files that do not shrink as they are', async () => {
    const small = join(dir, 'small.js');
    writeFileSync(small, 'console.log(1);');
    const noise = join(dir, 'noise.js');
    writeFileSync(noise, randomBytes(4096));
    expect(await precompressFile(small)).toEqual([]);
    expect(await precompressFile(noise)).toEqual([]);
    for (const path of [small, noise]) {
      expect(existsSync(`${path}.br`)).toBe(false);
      expect(existsSync(`${path}.gz`)).toBe(false);
    }
  });

  it('takes text assets, not source maps, pages or images', () => {
    for (const name of ['assets/a.js', 'a.mjs', 'a.css', 'favicon.svg', 'site.webmanifest', 'robots.txt']) expect(isCompressible(name), name).toBe(true);
    for (const name of ['assets/a.js.map', 'index.html', 'a.png', 'a.js.br', 'a.js.gz']) expect(isCompressible(name), name).toBe(false);
  });
});

describe('choosing the copy to send', () => {
  const both = ['br', 'gzip'] as const;

  it('prefers brotli, falls back to gzip, honours q=0, and sends the file itself otherwise', () => {
    expect(chooseCopy('/d/a.js', both, 'gzip, deflate, br, zstd')).toEqual({ path: '/d/a.js.br', coding: 'br' });
    expect(chooseCopy('/d/a.js', both, 'gzip, deflate')).toEqual({ path: '/d/a.js.gz', coding: 'gzip' });
    expect(chooseCopy('/d/a.js', both, 'br;q=0, gzip')).toEqual({ path: '/d/a.js.gz', coding: 'gzip' });
    expect(chooseCopy('/d/a.js', both, 'identity')).toBeUndefined();
    expect(chooseCopy('/d/a.js', both, null)).toBeUndefined();
  });

  it('only offers copies the file has', () => {
    expect(chooseCopy('/d/a.js', ['gzip'], 'br, gzip')).toEqual({ path: '/d/a.js.gz', coding: 'gzip' });
    expect(chooseCopy('/d/a.js', [], 'br, gzip')).toBeUndefined();
  });

  it('finds the copies written beside a file', async () => {
    const path = join(dir, 'found.js');
    writeFileSync(path, script);
    writeFileSync(`${path}.gz`, '');
    const lookup = copiesLookup();
    expect(await lookup(path)).toEqual(['gzip']);
    expect(await lookup(join(dir, 'missing.js'))).toEqual([]);
  });
});
