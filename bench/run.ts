/**
 * `npm run bench`: performance figures of the server side, then of the production build in
 * headless Chromium (bench/browser/), printed as a table with targets and written to
 * bench/results/bench.json (with every sample summary). Everything runs on loopback or in process.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { browserFigures } from './browser/index.ts';
import { deskFigures } from './desk.ts';
import { fairShareFigures } from './fair-share.ts';
import { deskRedisFigures } from './desk-redis.ts';
import { simulatorFigures } from './simulator.ts';
import { forwarderFigures } from './forwarder.ts';
import { loadFigures } from './load.ts';
import { searchFigures } from './search.ts';
import { sessionFigures } from './sessions.ts';
import { validatorFigures } from './validators.ts';
import { serverAlertsFigures } from './server-alerts.ts';
import { screenerFigures } from './screener.ts';
import type { Figure } from './figure.ts';

const started = performance.now();
const serverFigures: Figure[] = [
  ...(await simulatorFigures()),
  ...(await forwarderFigures()),
  ...(await loadFigures()),
  ...(await searchFigures()),
  ...(await deskFigures()),
  ...(await deskRedisFigures()),
  ...(await fairShareFigures()),
  ...(await sessionFigures()),
  ...(await validatorFigures()),
  ...(await serverAlertsFigures()),
  ...(await screenerFigures()),
];
const serverSeconds = (performance.now() - started) / 1000;
const figures: Figure[] = [...serverFigures, ...(await browserFigures())];
const browserSeconds = (performance.now() - started) / 1000 - serverSeconds;

const valueText = (f: Figure) => (Number.isNaN(f.value) ? f.unit : `${f.value.toFixed(f.decimals ?? 2)} ${f.unit}`.trimEnd());
const rows = figures.map((f) => [f.name, valueText(f), f.target ?? '', f.pass === undefined ? '' : f.pass ? 'ok' : 'MISSED']);
const widths = [0, 1, 2, 3].map((i) => Math.max(...rows.map((r) => (r[i] ?? '').length), ['figure', 'value', 'target', ''][i]?.length ?? 0));
const line = (cells: string[]) =>
  cells
    .map((cell, i) => cell.padEnd(widths[i] ?? 0))
    .join('  ')
    .trimEnd();
console.log(line(['figure', 'value', 'target', '']));
console.log(widths.map((w) => '-'.repeat(w)).join('  '));
let group: string | undefined;
figures.forEach((figure, i) => {
  if (figure.group !== group) {
    group = figure.group;
    if (group) console.log(`\n[${group}]`);
  }
  console.log(line(rows[i] ?? []));
  for (const detail of figure.details ?? []) console.log(`    ${detail}`);
});

const outDir = fileURLToPath(new URL('./results/', import.meta.url));
mkdirSync(outDir, { recursive: true });
writeFileSync(`${outDir}bench.json`, JSON.stringify({ at: new Date().toISOString(), figures }, null, 2));
console.log(`\nserver figures ${serverSeconds.toFixed(0)} s, browser figures ${browserSeconds.toFixed(0)} s`);
console.log('written to bench/results/bench.json; screenshots bench/results/bars-100k.png, hk-table.png');
