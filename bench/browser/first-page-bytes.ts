/** JS + CSS the first page loads (until the first candle) and the chunk after it, gzip, counted by scripts/bundle-size.ts on the bench dist. */
import { besideChartBytes, firstPageBytes, FIRST_PAGE_BUDGET_BYTES } from '../../scripts/bundle-size.ts';
import type { Figure } from '../figure.ts';
import type { BrowserBenchContext } from './context.ts';

const KIB = 1024;

export async function firstPageBytesFigures(ctx: BrowserBenchContext): Promise<Figure[]> {
  const { files, total } = await firstPageBytes(ctx.distDir);
  const besideChart = await besideChartBytes(ctx.distDir);
  return [
    {
      group: 'browser: first page',
      name: `first page JS + CSS, gzip only (${String(files.length)} files)`,
      value: total / KIB,
      unit: 'KiB',
      decimals: 1,
      target: `≤ ${String(FIRST_PAGE_BUDGET_BYTES / KIB)} KiB`,
      pass: total <= FIRST_PAGE_BUDGET_BYTES,
      details: files.map(({ file, gzip }) => `${file}: ${(gzip / KIB).toFixed(1)} KiB`),
    },
    ...(besideChart
      ? [
          {
            group: 'browser: first page',
            name: 'then, after the first candle: watchlists, markets and alerts, session state, drawing tools, gzip (1 file)',
            value: besideChart.gzip / KIB,
            unit: 'KiB',
            decimals: 1,
          },
        ]
      : []),
  ];
}
