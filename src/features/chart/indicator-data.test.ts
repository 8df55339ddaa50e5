import { describe, expect, it } from 'vitest';
import { sma } from '../../lib/indicators';
import { DEFAULT_PREFERENCES } from '../../store/preferences-slice';
import { chartPalette } from './chart-palette';
import { computeIndicators, formatPeriods, indicatorSummary, parsePeriods, validPeriods } from './indicator-data';

const palette = chartPalette('dark', 'green-up');
const closes = Array.from({ length: 60 }, (_, i) => 100 + Math.sin(i / 3) * 5);
const none = { ma: [], ema: [], bollinger: false, macd: false, rsi: false };

describe('computeIndicators', () => {
  it('draws the default moving averages in distinct colours', () => {
    const values = computeIndicators(closes, DEFAULT_PREFERENCES.indicators, palette);
    expect(values.overlays.map((o) => o.key)).toEqual(['ma-20', 'ma-50']);
    expect(values.overlays[0]?.values).toEqual(sma(closes, 20));
    expect(values.overlays[0]?.color).not.toBe(values.overlays[1]?.color);
    expect(values.macd).toBeUndefined();
    expect(values.rsi).toBeUndefined();
  });

  it('adds EMAs (dashed), Bollinger bands, MACD and RSI when asked', () => {
    const values = computeIndicators(closes, { ma: [5], ema: [10], bollinger: true, macd: true, rsi: true }, palette);
    expect(values.overlays.map((o) => [o.key, o.dashed])).toEqual([
      ['ma-5', false],
      ['ema-10', true],
      ['bb-upper', false],
      ['bb-middle', true],
      ['bb-lower', false],
    ]);
    expect(values.macd?.histogram).toHaveLength(closes.length);
    expect(values.rsi?.at(-1)).toBeGreaterThan(0);
  });

  it('skips periods the indicators cannot take instead of failing', () => {
    expect(computeIndicators(closes, { ...none, ma: [0, 2.5, -3, 20, 20] }, palette).overlays.map((o) => o.key)).toEqual(['ma-20']);
  });
});

describe('periods', () => {
  it('keeps whole periods from 1 to 500, once each', () => {
    expect(validPeriods([20, 0, 20, 501, 7.5, 500])).toEqual([20, 500]);
  });

  it('parses what the user types, or refuses it', () => {
    expect(parsePeriods('20, 50')).toEqual([20, 50]);
    expect(parsePeriods(' 9 21;55 ')).toEqual([9, 21, 55]);
    expect(parsePeriods('')).toEqual([]);
    expect(parsePeriods('20, x')).toBeUndefined();
    expect(parsePeriods('0')).toBeUndefined();
    expect(formatPeriods([20, 50])).toBe('20, 50');
  });

  it('summarises the active indicators', () => {
    expect(indicatorSummary({ ma: [20], ema: [12], bollinger: true, macd: false, rsi: true })).toBe('MA 20, EMA 12, Bollinger 20, 2, RSI 14');
    expect(indicatorSummary(none)).toBe('');
  });
});
