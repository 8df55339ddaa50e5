/**
 * JS + CSS the first page loads, gzip: the scripts, module preloads and style sheets of the built
 * index.html, followed through the Vite manifest's static imports (never `dynamicImports`: those
 * are the panels that load on demand). `tsx scripts/bundle-size.ts [dist]` prints them per file
 * and in total, and exits 1 above the budget. The bench calls firstPageBytes.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { BESIDE_CHART_CHUNK } from '../vite-plugins/first-screen-chunks.ts';

/**
 * For a client that accepts gzip only (issues 13 and 17): a current browser gets the brotli copies,
 * whose budget (165 KiB) the bench checks on what the browser received.
 */
export const FIRST_PAGE_BUDGET_BYTES = 190 * 1024;

export interface FirstPageFile {
  /** Path inside the dist folder, e.g. `assets/index-abc.js`. */
  file: string;
  /** Gzip size in bytes (level 9, as Vite reports it). */
  gzip: number;
}

interface ManifestChunk {
  file: string;
  /** The chunk's name (a group's of vite-plugins/first-screen-chunks.ts, e.g. `beside-chart`). */
  name?: string;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** `src`/`href` of the module scripts, module preloads and style sheets of an HTML page. */
export function pageAssets(html: string): string[] {
  const found: string[] = [];
  for (const [tag] of html.matchAll(/<(script|link)\b[^>]*>/gi)) {
    const isScript = /^<script/i.test(tag) && /\btype=["']?module/i.test(tag);
    const isLink = /^<link/i.test(tag) && /\brel=["']?(stylesheet|modulepreload)["'\s>]/i.test(tag);
    const url = /\b(?:src|href)=["']?([^"'\s>]+)/i.exec(tag)?.[1];
    if ((isScript || isLink) && url && !/^[a-z]+:\/\//i.test(url)) found.push(url.replace(/^\//, ''));
  }
  return found;
}

/** Every file the page's assets load statically: themselves, their static imports and CSS. */
export function staticClosure(manifest: Manifest, assets: readonly string[]): string[] {
  const byFile = new Map(Object.values(manifest).map((chunk) => [chunk.file, chunk]));
  const files = new Set<string>();
  const visit = (chunk: ManifestChunk | undefined, file: string): void => {
    if (files.has(file)) return;
    files.add(file);
    if (!chunk) return;
    for (const css of chunk.css ?? []) files.add(css);
    for (const key of chunk.imports ?? []) {
      const imported = manifest[key];
      if (imported) visit(imported, imported.file);
    }
  };
  for (const asset of assets) visit(byFile.get(asset), asset);
  return [...files].filter((file) => /\.(m?js|css)$/.test(file));
}

async function readManifest(distDir: string): Promise<Manifest> {
  try {
    return JSON.parse(await readFile(join(distDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  } catch {
    throw new Error(`${distDir}/.vite/manifest.json is missing: build with build.manifest (vite.config.ts)`);
  }
}

export async function firstPageBytes(distDir: string): Promise<{ files: FirstPageFile[]; total: number }> {
  const html = await readFile(join(distDir, 'index.html'), 'utf8');
  const manifest = await readManifest(distDir);
  const files = await Promise.all(
    staticClosure(manifest, pageAssets(html)).map(async (file) => ({ file, gzip: gzipSync(await readFile(join(distDir, file)), { level: 9 }).length })),
  );
  files.sort((a, b) => b.gzip - a.gzip);
  return { files, total: files.reduce((sum, { gzip }) => sum + gzip, 0) };
}

/**
 * The chunk that loads right after the first candle (the watchlists, the markets, the header's
 * session state: vite-plugins/first-screen-chunks.ts), gzip: on every first screen, after the
 * first page. Undefined when the build has no such chunk.
 */
export async function besideChartBytes(distDir: string): Promise<FirstPageFile | undefined> {
  const chunk = Object.values(await readManifest(distDir)).find(({ name }) => name === BESIDE_CHART_CHUNK);
  if (!chunk) return undefined;
  return { file: chunk.file, gzip: gzipSync(await readFile(join(distDir, chunk.file)), { level: 9 }).length };
}

const kib = (bytes: number): string => `${(bytes / 1024).toFixed(2)} KiB`;

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dist = process.argv[2] ?? 'dist';
  const { files, total } = await firstPageBytes(dist);
  const width = Math.max(...files.map(({ file }) => file.length), 5);
  for (const { file, gzip } of files) console.log(`${file.padEnd(width)}  ${kib(gzip).padStart(11)}`);
  console.log(`${'total'.padEnd(width)}  ${kib(total).padStart(11)}  (budget ${kib(FIRST_PAGE_BUDGET_BYTES)})`);
  if (total > FIRST_PAGE_BUDGET_BYTES) {
    console.error(`first page is ${kib(total - FIRST_PAGE_BUDGET_BYTES)} over budget`);
    process.exitCode = 1;
  }
}
