/**
 * `npm run bench`: performance figures of the server side, printed as a table with targets and
 * written to bench/results/bench.json. Everything runs on loopback or in process.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { simulatorFigures } from './simulator.ts';
import { forwarderFigures } from './forwarder.ts';
import { loadFigures } from './load.ts';
import type { Figure } from './figure.ts';

const figures: Figure[] = [...(await simulatorFigures()), ...(await forwarderFigures()), ...(await loadFigures())];

const rows = figures.map((f) => [f.name, `${f.value.toFixed(f.decimals ?? 2)} ${f.unit}`, f.target ?? '', f.pass === undefined ? '' : f.pass ? 'ok' : 'MISSED']);
const widths = [0, 1, 2, 3].map((i) => Math.max(...rows.map((r) => (r[i] ?? '').length), ['figure', 'value', 'target', ''][i]?.length ?? 0));
const line = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join('  ');
console.log(line(['figure', 'value', 'target', '']));
console.log(widths.map((w) => '-'.repeat(w)).join('  '));
for (const row of rows) console.log(line(row));

const outDir = fileURLToPath(new URL('./results/', import.meta.url));
mkdirSync(outDir, { recursive: true });
writeFileSync(`${outDir}bench.json`, JSON.stringify({ at: new Date().toISOString(), figures }, null, 2));
console.log(`\nwritten to bench/results/bench.json`);
