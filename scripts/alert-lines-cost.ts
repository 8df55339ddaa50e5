/**
 * What 10 alert lines cost a live update: lightweight-charts (standalone build) in headless
 * Chromium, 2,000 candles, then 300 live updates (the forming candle moves, a new one every tenth)
 * with 0 and with 10 price lines. The work of one update is the update call plus the chart's
 * animation-frame callbacks that follow it (its paint); the p95 of each case is printed. Lines are
 * created once, as the app does (src/features/alerts/line-sync.ts), never per tick.
 *
 *   npx tsx scripts/alert-lines-cost.ts
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

// The package does not export its standalone build: read it from node_modules.
const library = fileURLToPath(new URL('../node_modules/lightweight-charts/dist/lightweight-charts.standalone.production.js', import.meta.url));
const executablePath = process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);

const browser = await chromium.launch({ ...(executablePath && { executablePath }), args: ['--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
await page.setContent('<div id="chart" style="width:1000px;height:600px"></div>');
await page.addScriptTag({ path: library });
// tsx names functions with a helper the page does not have.
await page.evaluate('window.__name = (f) => f');

const results = await page.evaluate(async () => {
  interface Bar { time: number; open: number; high: number; low: number; close: number }
  const lw = (window as unknown as { LightweightCharts: typeof import('lightweight-charts') }).LightweightCharts;
  // Timing of the chart's frame callbacks.
  let frameWork = 0;
  const raf = window.requestAnimationFrame.bind(window);
  window.requestAnimationFrame = (callback) =>
    raf((time) => {
      const start = performance.now();
      callback(time);
      frameWork += performance.now() - start;
    });
  const nextFrames = () => new Promise<void>((resolve) => raf(() => raf(() => { resolve(); })));

  async function run(lines: number): Promise<number[]> {
    const element = document.getElementById('chart') as HTMLElement;
    element.innerHTML = '';
    const chart = lw.createChart(element, { width: 1000, height: 600 });
    const series = chart.addSeries(lw.CandlestickSeries);
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
    const bars: Bar[] = [];
    let close = 100;
    for (let i = 0; i < 2000; i++) {
      const open = close;
      close = Math.max(1, open + (random() - 0.5));
      bars.push({ time: 1_700_000_000 + i * 60, open, high: Math.max(open, close) + random() * 0.2, low: Math.min(open, close) - random() * 0.2, close });
    }
    series.setData(bars as never);
    for (let i = 0; i < lines; i++) series.createPriceLine({ price: 90 + i * 2, color: '#f59e0b', lineWidth: 1, lineStyle: lw.LineStyle.Dashed, axisLabelVisible: true, title: 'Alert ↑' });
    await nextFrames();
    const costs: number[] = [];
    let bar = bars[bars.length - 1] as Bar;
    for (let i = 0; i < 300; i++) {
      if (i % 10 === 9) bar = { time: bar.time + 60, open: bar.close, high: bar.close, low: bar.close, close: bar.close };
      const next = bar.close + (random() - 0.5) * 0.1;
      bar = { ...bar, close: next, high: Math.max(bar.high, next), low: Math.min(bar.low, next) };
      frameWork = 0;
      const start = performance.now();
      series.update(bar as never);
      const call = performance.now() - start;
      await nextFrames();
      costs.push(call + frameWork);
    }
    chart.remove();
    return costs;
  }
  const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.95)] ?? NaN;
  // Alternate to spread the machine's noise over both cases.
  const without: number[] = [];
  const with10: number[] = [];
  for (let round = 0; round < 3; round++) {
    without.push(...(await run(0)));
    with10.push(...(await run(10)));
  }
  return { without: p95(without), with10: p95(with10), samples: without.length };
});

console.log(`live update work p95 over ${String(results.samples)} updates, 2,000 candles: no lines ${results.without.toFixed(2)} ms; 10 alert lines ${results.with10.toFixed(2)} ms; difference ${(results.with10 - results.without).toFixed(2)} ms`);
await browser.close();
