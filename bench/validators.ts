/**
 * The payload validator (issue 17): ours (src/api/schema.ts) against zod 4's `zod/mini` and
 * valibot on the very same schemas. The app is built once per backend, the backend put in
 * schema.ts's place (bench/validators/*-backend.ts give both libraries our API). Figures: the first
 * page's JS + CSS as received (brotli at the build's settings, of the files the page loads before
 * its first candle) beside ours, and the parse time of a full HK ticker list (2,600 rows, the HK market
 * panel's poll) through each build's own schema code, interleaved so drift falls on all alike.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync, constants } from 'node:zlib';
import { build, type Plugin } from 'vite';
import { firstPageBytes } from '../scripts/bundle-size.ts';
import { percentile, type Figure } from './figure.ts';

const GROUP = 'payload validator: ours against zod/mini and valibot (issue 17)';
const root = fileURLToPath(new URL('..', import.meta.url));
const OURS = join(root, 'src/api/schema.ts');
const BACKENDS = {
  ours: undefined,
  'zod/mini': join(root, 'bench/validators/zod-mini-backend.ts'),
  valibot: join(root, 'bench/validators/valibot-backend.ts'),
} as const;
type Backend = keyof typeof BACKENDS;
/** The rule of the issue: a library is taken when it costs at most this much more. */
const ALLOWED_EXTRA_BYTES = 1024;
const HK_ROWS = 2_600;
const ROUNDS = 40;

/** Puts `backend` wherever the app imports src/api/schema.ts. */
function swapSchema(backend: string | undefined): Plugin {
  return {
    name: 'chartroom:bench-swap-schema',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!backend || !importer) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved?.id === OURS ? backend : null;
    },
  };
}

/** JS + CSS the first page loads, brotli-compressed as the build's copies are (what a current browser receives). */
async function firstPageBrotli(distDir: string): Promise<number> {
  const { files } = await firstPageBytes(distDir);
  const brotli = (file: string) =>
    brotliCompressSync(readFileSync(join(distDir, file)), {
      params: { [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_QUALITY]: 11 },
    }).length;
  return files.reduce((sum, { file }) => sum + brotli(file), 0);
}

type ParseHkTickers = (value: unknown) => number;

async function buildBackend(name: Backend, dir: string): Promise<{ bytes: number; parse: ParseHkTickers }> {
  const plugins = [swapSchema(BACKENDS[name])];
  const appDir = join(dir, 'app');
  await build({ root, configFile: join(root, 'vite.config.ts'), logLevel: 'error', plugins, build: { outDir: appDir, emptyOutDir: true, manifest: true } });
  const parserDir = join(dir, 'parser');
  await build({
    root,
    configFile: false,
    logLevel: 'error',
    plugins,
    // Everything bundled: the parser is imported from a temporary folder without node_modules.
    ssr: { noExternal: true },
    build: {
      ssr: join(root, 'bench/validators/hk-parse-entry.ts'),
      outDir: parserDir,
      emptyOutDir: true,
      minify: true,
      rollupOptions: { output: { entryFileNames: 'parser.mjs' } },
    },
  });
  const module = (await import(pathToFileURL(join(parserDir, 'parser.mjs')).href)) as { parseHkTickers: ParseHkTickers };
  return { bytes: await firstPageBrotli(appDir), parse: module.parseHkTickers };
}

/** A full HK list in the service's shape (every field the schema names, decimals as strings). */
function hkTickers(): unknown[] {
  return Array.from({ length: HK_ROWS }, (_, i) => ({
    symbol: String(i + 1),
    name: `Company ${String(i)}`,
    type: 'stock',
    last_price: (10 + i / 7).toFixed(3),
    open: '10.10',
    prev_close: '10.00',
    volume_24h: String(100_000 + i),
    quote_volume_24h: '1234567.8',
    high_24h: '11.0',
    low_24h: '9.5',
    price_change_24h: '0.1',
    price_change_percent_24h: '1.0',
    timestamp: 1_764_000_000_000 + i,
    category: 'main',
  }));
}

export async function validatorFigures(): Promise<Figure[]> {
  const dir = mkdtempSync(join(tmpdir(), 'chartroom-validators-'));
  try {
    const built = {} as Record<Backend, { bytes: number; parse: ParseHkTickers }>;
    for (const name of Object.keys(BACKENDS) as Backend[]) built[name] = await buildBackend(name, join(dir, name.replace('/', '-')));
    const rows = hkTickers();
    const times: Record<Backend, number[]> = { ours: [], 'zod/mini': [], valibot: [] };
    for (let round = 0; round < ROUNDS + 10; round++) {
      for (const name of Object.keys(BACKENDS) as Backend[]) {
        const started = performance.now();
        if (built[name].parse(rows) !== HK_ROWS) throw new Error(`${name} lost rows`);
        // The first rounds warm each parser up.
        if (round >= 10) times[name].push(performance.now() - started);
      }
    }
    const ours = built.ours.bytes;
    const figures: Figure[] = [];
    for (const name of Object.keys(BACKENDS) as Backend[]) {
      const extra = built[name].bytes - ours;
      figures.push({
        group: GROUP,
        name: `${name}: first page JS + CSS as received (brotli)${name === 'ours' ? '' : ', more than ours'}`,
        value: (name === 'ours' ? ours : extra) / 1024,
        unit: name === 'ours' ? 'KiB' : `KiB (${(built[name].bytes / 1024).toFixed(1)} KiB)`,
        decimals: 2,
        ...(name !== 'ours' && { target: `a library is taken at ≤ ${String(ALLOWED_EXTRA_BYTES / 1024)} KiB more`, pass: extra <= ALLOWED_EXTRA_BYTES }),
      });
    }
    for (const name of Object.keys(BACKENDS) as Backend[]) {
      figures.push({
        group: GROUP,
        name: `${name}: parse of the full HK ticker list (${String(HK_ROWS)} rows), median / p95 of ${String(ROUNDS)}`,
        value: percentile(times[name], 50),
        unit: `ms (p95 ${percentile(times[name], 95).toFixed(2)} ms)`,
      });
    }
    return figures;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
