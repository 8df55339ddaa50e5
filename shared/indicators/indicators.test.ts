/**
 * The oracle (reference.test-support) against published tables, then every indicator's stream
 * folded over a series against the oracle, to the last bit, and their descriptors.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bollinger as bollingerIndicator } from './bollinger.ts';
import { ema as emaIndicator } from './ema.ts';
import { computeIndicator } from './fold.ts';
import type { Bar, IndicatorSeries } from './indicator.ts';
import { macd as macdIndicator } from './macd.ts';
import { bollinger, ema, macd, rsi, sma } from './reference.test-support.ts';
import { rsi as rsiIndicator } from './rsi.ts';
import { sma as smaIndicator } from './sma.ts';

/** Compares a series with a reference table: undefined where expected, else within `tolerance`. */
function expectSeries(actual: IndicatorSeries, expected: ReadonlyArray<number | undefined>, tolerance = 1e-9): void {
  expect(actual).toHaveLength(expected.length);
  expected.forEach((want, i) => {
    const got = actual[i];
    if (want === undefined) expect(got, `index ${i}`).toBeUndefined();
    else expect(Math.abs((got ?? Number.NaN) - want), `index ${i}: ${got} vs ${want}`).toBeLessThanOrEqual(tolerance);
  });
}

const u = undefined;

// StockCharts' EMA worked example (10-day), closes and published values rounded to cents.
const EMA_CLOSES = [
  22.27, 22.19, 22.08, 22.17, 22.18, 22.13, 22.23, 22.43, 22.24, 22.29, 22.15, 22.39, 22.38, 22.61, 23.36, 24.05, 23.75, 23.83, 23.95, 23.63, 23.82, 23.87,
  23.65, 23.19, 23.1, 23.33, 22.68, 23.1, 22.4, 22.17,
];
const EMA_10 = [
  22.22, 22.21, 22.24, 22.27, 22.33, 22.52, 22.8, 22.97, 23.13, 23.28, 23.34, 23.43, 23.51, 23.54, 23.47, 23.4, 23.39, 23.26, 23.23, 23.08, 22.92,
];
const SMA_10 = [
  22.22, 22.21, 22.23, 22.26, 22.3, 22.42, 22.61, 22.77, 22.91, 23.08, 23.21, 23.38, 23.52, 23.65, 23.71, 23.68, 23.61, 23.5, 23.43, 23.28, 23.13,
];

// StockCharts' RSI worked example (14-period, Wilder smoothing).
const RSI_CLOSES = [
  44.3389, 44.0902, 44.1497, 43.6124, 44.3278, 44.8264, 45.0955, 45.4245, 45.8433, 46.0826, 45.8931, 46.0328, 45.614, 46.282, 46.282, 46.0028, 46.0328, 46.4116,
  46.2222, 45.6439, 46.2122, 46.2521, 45.7137, 46.4515, 45.7835, 45.3547, 44.0288, 44.1783, 44.2181, 44.5672, 43.4205, 42.6628, 43.1314,
];
const RSI_14 = [70.53, 66.32, 66.55, 69.41, 66.36, 57.97, 62.93, 63.26, 56.06, 62.38, 54.71, 50.42, 39.99, 41.46, 41.87, 45.46, 37.3, 33.08, 37.77];

const warmUp = (n: number): undefined[] => new Array<undefined>(n).fill(undefined);

describe('sma', () => {
  it('averages the last period values', () => {
    expectSeries(sma([1, 2, 3, 4, 5], 3), [u, u, 2, 3, 4]);
  });

  it('matches a published table', () => {
    // The reference table rounds to cents (and 23.54 is its own rounding of 23.535).
    expectSeries(sma(EMA_CLOSES, 10), [...warmUp(9), ...SMA_10], 0.006);
  });

  it('handles period 1 and periods longer than the data', () => {
    expectSeries(sma([4, 5, 6], 1), [4, 5, 6]);
    expectSeries(sma([4, 5, 6], 4), [u, u, u]);
    expect(sma([], 3)).toEqual([]);
    expect(() => sma([1], 0)).toThrow(RangeError);
    expect(() => sma([1], 2.5)).toThrow(RangeError);
  });
});

describe('ema', () => {
  it('is seeded with the SMA of the first period values', () => {
    // α = 0.5: seed (1+2+3)/3 = 2, then 2 + 0.5·(4−2) = 3, then 3 + 0.5·(5−3) = 4, then 4 + 0.5·(1−4) = 2.5.
    expectSeries(ema([1, 2, 3, 4, 5, 1], 3), [u, u, 2, 3, 4, 2.5]);
  });

  it('matches a published table', () => {
    expectSeries(ema(EMA_CLOSES, 10), [...warmUp(9), ...EMA_10], 0.011);
  });

  it('with period 1 follows the values', () => {
    expectSeries(ema([3, 1, 2], 1), [3, 1, 2]);
    expectSeries(ema([3, 1, 2], 5), [u, u, u]);
  });
});

describe('bollinger', () => {
  it('puts the bands k population deviations around the SMA', () => {
    const { middle, upper, lower } = bollinger([1, 2, 3, 4, 5], 3, 2);
    const width = 2 * Math.sqrt(2 / 3); // σ of (1, 2, 3) is √(2/3)
    expectSeries(middle, [u, u, 2, 3, 4]);
    expectSeries(upper, [u, u, 2 + width, 3 + width, 4 + width]);
    expectSeries(lower, [u, u, 2 - width, 3 - width, 4 - width]);
  });

  it('collapses on a flat series and defaults to 20 periods', () => {
    const flat = new Array<number>(25).fill(10);
    const { upper, lower } = bollinger(flat);
    expect(upper[18]).toBeUndefined();
    expect(upper[19]).toBe(10);
    expect(lower[24]).toBe(10);
  });
});

describe('macd', () => {
  it('matches a hand computation with short periods', () => {
    // EMA2: 1.5, 2.5, 3.5, 4.5, 4.1667 (from index 1); EMA3: 2, 3, 4, 4 (from index 2).
    const { macd: line, signal, histogram } = macd([1, 2, 3, 4, 5, 4], 2, 3, 2);
    expectSeries(line, [u, u, 0.5, 0.5, 0.5, 1 / 6], 1e-12);
    // Signal seeded with the mean of the first two MACD values, then α = 2/3.
    const s5 = 0.5 + (2 / 3) * (1 / 6 - 0.5);
    expectSeries(signal, [u, u, u, 0.5, 0.5, s5], 1e-12);
    expectSeries(histogram, [u, u, u, 0, 0, 1 / 6 - s5], 1e-12);
  });

  it('warms up for slow + signal − 2 values with the default periods', () => {
    const closes = Array.from({ length: 40 }, (_, i) => 100 + Math.sin(i / 3) * 5);
    const { macd: line, signal, histogram } = macd(closes);
    expect(line.findIndex((v) => v !== undefined)).toBe(25);
    expect(signal.findIndex((v) => v !== undefined)).toBe(33);
    expect(histogram.findIndex((v) => v !== undefined)).toBe(33);
    expect(line).toHaveLength(40);
  });

  it('stays undefined when the data is too short', () => {
    const { macd: line, signal } = macd([1, 2, 3]);
    expect(line.every((v) => v === undefined)).toBe(true);
    expect(signal.every((v) => v === undefined)).toBe(true);
  });
});

describe('rsi', () => {
  it('matches a published table (Wilder smoothing)', () => {
    expectSeries(rsi(RSI_CLOSES, 14), [...warmUp(14), ...RSI_14], 0.006);
  });

  it('reads 100 without losses, 50 when flat, 0 without gains', () => {
    expectSeries(rsi([1, 2, 3, 4], 2), [u, u, 100, 100]);
    expectSeries(rsi([5, 5, 5], 2), [u, u, 50]);
    expectSeries(rsi([4, 3, 2], 2), [u, u, 0]);
  });

  it('handles period 1 and short data', () => {
    // Period 1: each step is all gain (100), all loss (0) or flat (50).
    expectSeries(rsi([1, 2, 1, 1], 1), [u, 100, 0, 50]);
    expectSeries(rsi([1, 2, 3], 14), [u, u, u]);
  });
});

const barsOf = (closes: readonly number[]): Bar[] => closes.map((close) => ({ open: close, high: close, low: close, close, volume: 1 }));
const price = fc.double({ min: 1, max: 1_000, noNaN: true, noDefaultInfinity: true });
const period = fc.integer({ min: 1, max: 30 });

describe('each indicator as a fold of its stream', () => {
  it("gives exactly the oracle's numbers", () => {
    fc.assert(
      fc.property(fc.array(price, { maxLength: 90 }), period, period, period, (closes, a, b, c) => {
        const bars = barsOf(closes);
        expect(computeIndicator(smaIndicator(a), bars)).toEqual([sma(closes, a)]);
        expect(computeIndicator(emaIndicator(a), bars)).toEqual([ema(closes, a)]);
        const bands = bollinger(closes, a, 2);
        expect(computeIndicator(bollingerIndicator(a, 2), bars)).toEqual([bands.upper, bands.middle, bands.lower]);
        const m = macd(closes, a, b, c);
        expect(computeIndicator(macdIndicator(a, b, c), bars)).toEqual([m.histogram, m.macd, m.signal]);
        expect(computeIndicator(rsiIndicator(a), bars)).toEqual([rsi(closes, a)]);
      }),
    );
  });

  it('matches the published tables through the stream too', () => {
    expectSeries(computeIndicator(emaIndicator(10), barsOf(EMA_CLOSES))[0] ?? [], [...warmUp(9), ...EMA_10], 0.011);
    expectSeries(computeIndicator(rsiIndicator(14), barsOf(RSI_CLOSES))[0] ?? [], [...warmUp(14), ...RSI_14], 0.006);
  });

  it('peeks without moving: the forming candle can change any number of times', () => {
    const stream = smaIndicator(2).stream();
    stream.push(barsOf([10])[0] as Bar);
    expect(stream.peek(barsOf([20])[0] as Bar)).toEqual([15]);
    expect(stream.peek(barsOf([30])[0] as Bar)).toEqual([20]);
    expect(stream.push(barsOf([40])[0] as Bar)).toEqual([25]);
  });
});

describe('descriptors', () => {
  it('name each indicator by its parameters and say where it is drawn', () => {
    const all = [smaIndicator(20), emaIndicator(12, { average: 3 }), bollingerIndicator(), macdIndicator(), rsiIndicator()];
    expect(all.map((i) => [i.key, i.label, i.pane.kind])).toEqual([
      ['ma-20', 'MA 20', 'price'],
      ['ema-12', 'EMA 12', 'price'],
      ['bb-20-2', 'Bollinger 20, 2', 'price'],
      ['macd-12-26-9', 'MACD 12, 26, 9', 'own'],
      ['rsi-14', 'RSI 14', 'own'],
    ]);
    expect(all.map((i) => i.outputs.map((o) => `${o.key}:${o.draw}`))).toEqual([
      ['value:line'],
      ['value:dashed'],
      ['upper:line', 'middle:dashed', 'lower:line'],
      ['histogram:histogram', 'macd:line', 'signal:line'],
      ['value:line'],
    ]);
    expect(all[1]?.outputs[0]?.colour).toEqual({ average: 3 });
    expect(rsiIndicator().pane).toMatchObject({ range: { min: 0, max: 100 }, guides: [30, 70] });
    expect(macdIndicator(5, 35, 5).params).toEqual({ fast: 5, slow: 35, signal: 5 });
  });

  it('refuse periods that are not positive integers', () => {
    for (const bad of [0, -5, 2.5, Number.NaN]) {
      expect(() => smaIndicator(bad)).toThrow(RangeError);
      expect(() => emaIndicator(bad)).toThrow(RangeError);
      expect(() => rsiIndicator(bad)).toThrow(RangeError);
      expect(() => macdIndicator(12, 26, bad)).toThrow(RangeError);
    }
  });
});
