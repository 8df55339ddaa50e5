import type { Result } from 'lighthouse';
import { describe, expect, it } from 'vitest';
import { blockingRatioFigure, firstKlineRequest, mobileFigures } from './lighthouse-mobile.ts';

/** The parts of a Lighthouse result the mobile figures read. */
function run(performance: number, cls: number, tbt: number, lcpMs: number, benchmarkIndex = 2400): Result {
  const category = (score: number) => ({ score, title: '', auditRefs: [{ id: 'total-blocking-time', weight: 30 }] });
  return {
    environment: { benchmarkIndex },
    categories: {
      performance: { ...category(performance), title: 'Performance' },
      accessibility: { ...category(1), title: 'Accessibility' },
      'best-practices': { ...category(1), title: 'Best Practices' },
    },
    audits: {
      'cumulative-layout-shift': { numericValue: cls },
      'total-blocking-time': {
        numericValue: tbt,
        score: tbt > 200 ? 0.5 : 1,
        scoreDisplayMode: 'numeric',
        id: 'total-blocking-time',
        displayValue: `${String(tbt)} ms`,
      },
      'largest-contentful-paint': { numericValue: lcpMs },
      'layout-shifts': { details: { items: [{ score: 0.12, node: { selector: 'main.app-grid' } }] } },
      'long-tasks': {
        details: {
          items: [
            { url: 'http://127.0.0.1:1/assets/app.js', duration: 240, startTime: 2100 },
            { url: 'http://127.0.0.1:1/', duration: 40, startTime: 900 },
          ],
        },
      },
      'largest-contentful-paint-element': {
        details: { items: [{ items: [{ node: { selector: 'header span', nodeLabel: '+0.11' } }] }, { items: [{ phase: 'Render Delay', timing: 2200 }] }] },
      },
    },
  } as unknown as Result;
}

const byName = (figures: ReturnType<typeof mobileFigures>, start: string) => figures.find((figure) => figure.name.startsWith(start));

describe('Lighthouse mobile figures', () => {
  it('takes the median of three runs and passes the figures within their targets, with no details', () => {
    const figures = mobileFigures([run(0.94, 0.001, 65, 2400), run(0.91, 0, 80, 2300), run(0.96, 0.002, 61, 2450)]);
    expect(byName(figures, 'Performance')).toMatchObject({ value: 94, pass: true });
    expect(byName(figures, 'Total blocking time')).toMatchObject({ value: 65, pass: true });
    expect(byName(figures, 'Largest contentful paint')).toMatchObject({ value: 2.4, pass: true });
    expect(byName(figures, 'Cumulative layout shift')?.details).toBeUndefined();
  });

  it('prints the machine’s benchmarkIndex of each run beside every figure', () => {
    const figures = mobileFigures([run(0.94, 0, 65, 2400, 2274.4), run(0.91, 0, 80, 2300, 2620), run(0.96, 0, 61, 2450, 2400.6)]);
    expect(figures.length).toBeGreaterThan(0);
    for (const figure of figures) expect(figure.name).toContain('benchmarkIndex 2274, 2620, 2401');
  });

  it('names the shifting elements, the long tasks over 50 ms and the LCP element when a figure misses', () => {
    const figures = mobileFigures([run(0.8, 0.2, 400, 3100), run(0.7, 0.3, 500, 3200), run(0.85, 0.1, 300, 3000)]);
    const shift = byName(figures, 'Cumulative layout shift');
    expect(shift).toMatchObject({ value: 0.2, pass: false });
    expect(shift?.details).toEqual(['shift 0.120 at main.app-grid']);
    expect(byName(figures, 'Total blocking time')?.details).toEqual(['long task 240 ms at 2100 ms: /assets/app.js']);
    const lcp = byName(figures, 'Largest contentful paint');
    expect(lcp?.pass).toBe(false);
    expect(lcp?.details?.slice(0, 2)).toEqual(['LCP element: header span ("+0.11")', 'LCP phases: Render Delay 2200 ms']);
    expect(byName(figures, 'Performance')).toMatchObject({ value: 80, pass: false, details: ['failing: total-blocking-time (score 0.5, 400 ms)'] });
  });
});

describe('the blocking time against the bare chart page', () => {
  it('is the ratio of the medians, judged against 1.3×, with each side’s runs and machine speed', () => {
    const app = [run(0.6, 0, 1_500, 3000, 2200), run(0.6, 0, 1_200, 3000, 2300), run(0.6, 0, 1_300, 3000, 2400)];
    const bare = [run(0.7, 0, 1_000, 2000, 2500), run(0.7, 0, 900, 2000, 2600), run(0.7, 0, 1_100, 2000, 2700)];
    const figure = blockingRatioFigure(app, bare);
    expect(figure.value).toBeCloseTo(1.3, 5);
    expect(figure.pass).toBe(true);
    expect(figure.unit).toBe('× (1300 / 1000 ms)');
    expect(figure.details).toEqual([
      'app runs: 1500, 1200, 1300 ms; benchmarkIndex 2200, 2300, 2400',
      'bare runs: 1000, 900, 1100 ms; benchmarkIndex 2500, 2600, 2700',
    ]);
    expect(blockingRatioFigure([run(0.6, 0, 1_400, 3000)], bare).pass).toBe(false);
  });

  it('reads the first K-line request of a run, as a path', () => {
    const lhr = run(0.6, 0, 1_500, 3000);
    (lhr.audits as Record<string, unknown>)['network-requests'] = {
      details: {
        items: [
          { url: 'http://127.0.0.1:5/' },
          { url: 'http://127.0.0.1:5/v1/market/kline?symbol=AAPL.US&interval=1d' },
          { url: 'http://127.0.0.1:5/v1/market/kline?symbol=X' },
        ],
      },
    };
    expect(firstKlineRequest(lhr)).toBe('/v1/market/kline?symbol=AAPL.US&interval=1d');
    expect(firstKlineRequest(run(0.6, 0, 1_500, 3000))).toBeUndefined();
  });
});
