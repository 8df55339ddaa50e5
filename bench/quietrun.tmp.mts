import { openBrowserBench } from './browser/context.ts';
import { layoutFigures } from './browser/layout.ts';
import { firstPageBytesFigures } from './browser/first-page-bytes.ts';
import { firstCandleFigures } from './browser/first-candle.ts';
const ctx = await openBrowserBench();
const show = (fs: { name: string; value: number; unit: string; target?: string; pass?: boolean; details?: string[] }[]) => { for (const f of fs) console.log(`${f.name} => ${Number.isNaN(f.value) ? '' : f.value.toFixed(2)} ${f.unit} | ${f.target ?? ''} ${f.pass === undefined ? '' : f.pass ? 'ok' : 'MISSED'}${f.details ? '\n    ' + f.details.join('\n    ') : ''}`); };
try {
  show(await firstPageBytesFigures(ctx));
  for (let run = 1; run <= Number(process.env.RUNS ?? 3); run++) { console.log(`--- layout run ${run}`, new Date().toISOString()); show(await layoutFigures(ctx)); }
  if (process.env.FIRST_CANDLE) show(await firstCandleFigures(ctx));
} finally { await ctx.close(); }
