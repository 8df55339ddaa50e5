import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { precompressAssets } from './precompress-assets.ts';

const dir = mkdtempSync(join(tmpdir(), 'chartroom-plugin-'));
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('precompressAssets', () => {
  it("writes copies of the build's scripts and style sheets, not of its page or source maps", async () => {
    const text = 'body{color:red}\n'.repeat(200);
    mkdirSync(join(dir, 'assets'));
    const files = ['assets/main.js', 'assets/main.css', 'assets/main.js.map', 'index.html'];
    for (const file of files) writeFileSync(join(dir, file), text);
    const plugin = precompressAssets();
    const hook = plugin.writeBundle as (options: { dir?: string }, bundle: Record<string, unknown>) => Promise<void>;
    await hook.call({}, { dir }, Object.fromEntries(files.map((file) => [file, {}])));
    const copies = (file: string) => ['.br', '.gz'].filter((suffix) => existsSync(join(dir, file + suffix)));
    expect(copies('assets/main.js')).toEqual(['.br', '.gz']);
    expect(copies('assets/main.css')).toEqual(['.br', '.gz']);
    expect(copies('assets/main.js.map')).toEqual([]);
    expect(copies('index.html')).toEqual([]);
  });
});
