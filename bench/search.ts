/**
 * Search figures in process: the server's catalogue index built from the simulator (first request,
 * as the first browser to search meets it) and its size raw and compressed; then the browser's
 * search code over that index (src/lib/catalog-search.ts, plain TypeScript, run here in Node):
 * preparing the index once, and every keystroke of the issue's searches typed letter by letter.
 */
import { brotliDecompressSync } from 'node:zlib';
import { CATALOG_PATH, type CatalogIndex } from '../shared/catalog.ts';
import { createApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { createCatalogSearch } from '../src/lib/catalog-search.ts';
import { percentile, summarize, timeRuns, type Figure } from './figure.ts';

/** The issue's searches and a few more of every kind (names, Chinese, pinyin, single letters). */
export const TYPED_QUERIES = [
  'nvda',
  'NVDA.US',
  'nvidia',
  'tsla',
  'msft',
  '700',
  '00700',
  'Tencent',
  '600519',
  'AU2612',
  'ETH',
  'gzmt',
  'tengxun',
  '腾讯控股',
  'hang seng tech',
  'holdings',
  'a',
];
const KEYSTROKE_TARGET_MS = 50;
const GROUP = 'search';
const kib = (bytes: number): number => bytes / 1024;

/** Every prefix of every query: what the search runs on as a user types. */
export function keystrokes(queries: readonly string[]): string[] {
  return queries.flatMap((query) => Array.from({ length: query.length }, (_, index) => query.slice(0, index + 1)));
}

export async function searchFigures(): Promise<Figure[]> {
  const { app } = createApp(loadConfig({ SIM_NOW: '2026-11-25T15:00:00Z', SIM_CLOCK: 'frozen' }, { port: 0 }));
  const started = performance.now();
  const first = await app.request(CATALOG_PATH, { headers: { 'Accept-Encoding': 'br' } });
  const brotli = Buffer.from(await first.arrayBuffer());
  const buildMs = performance.now() - started;
  const gzip = Buffer.from(await (await app.request(CATALOG_PATH, { headers: { 'Accept-Encoding': 'gzip' } })).arrayBuffer());
  const raw = brotliDecompressSync(brotli);
  const index = JSON.parse(raw.toString('utf8')) as CatalogIndex;
  const servedTimes = await timeRuns(20, async () => (await app.request(CATALOG_PATH, { headers: { 'Accept-Encoding': 'br' } })).arrayBuffer());

  let catalog = createCatalogSearch(index);
  const prepareTimes = await timeRuns(10, () => {
    catalog = createCatalogSearch(index);
    return Promise.resolve();
  });
  const typed = keystrokes(TYPED_QUERIES);
  for (const text of typed) catalog.search(text); // warm the JIT
  const keyTimes = await timeRuns(typed.length * 5, (i) => Promise.resolve(catalog.search(typed[i % typed.length] ?? '')));
  const p95 = percentile(keyTimes, 95);
  return [
    {
      group: GROUP,
      name: `search: catalogue index built by the server from the simulator (first request, ${String(index.entries.length)} instruments, incl. pinyin and compression)`,
      value: buildMs,
      unit: 'ms',
    },
    { group: GROUP, name: 'search: catalogue answered once built (median of 20)', value: summarize(servedTimes).median, unit: 'ms', decimals: 3 },
    {
      group: GROUP,
      name: 'search: catalogue document, raw',
      value: kib(raw.length),
      unit: 'KiB',
      details: [`brotli ${kib(brotli.length).toFixed(1)} KiB, gzip ${kib(gzip.length).toFixed(1)} KiB (what a browser receives: see the browser figure)`],
    },
    { group: GROUP, name: 'search: catalogue document, brotli', value: kib(brotli.length), unit: 'KiB' },
    { group: GROUP, name: 'search: prepare the index for search (browser code in Node, median of 10)', value: summarize(prepareTimes).median, unit: 'ms' },
    {
      group: GROUP,
      name: `search: one keystroke over the whole catalogue (p95 of ${String(keyTimes.length)}, ${String(TYPED_QUERIES.length)} queries typed letter by letter)`,
      value: p95,
      unit: 'ms',
      decimals: 3,
      target: `< ${String(KEYSTROKE_TARGET_MS)} ms`,
      pass: p95 < KEYSTROKE_TARGET_MS,
      samples: { keystroke: summarize(keyTimes) },
    },
  ];
}

if (import.meta.url === `file://${process.argv[1] ?? ''}`) {
  for (const figure of await searchFigures())
    console.log(`${figure.name}: ${figure.value.toFixed(figure.decimals ?? 2)} ${figure.unit}${figure.target ? ` (target ${figure.target})` : ''}`);
}
