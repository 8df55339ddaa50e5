import { describe, expect, it } from 'vitest';
import { DEFAULT_PREFERENCES } from '../../store/preferences-slice';
import { chartPalette } from './chart-palette';
import { activeIndicators, indicatorColour, indicatorSummary } from './indicator-data';
import { formatPeriods, parsePeriods } from './period-text';

const palette = chartPalette('dark', 'green-up');
const none = { ma: [], ema: [], bollinger: false, macd: false, rsi: false };

describe('activeIndicators', () => {
  it('draws the default moving averages in distinct colours', () => {
    const indicators = activeIndicators(DEFAULT_PREFERENCES.indicators);
    expect(indicators.map((i) => i.key)).toEqual(['ma-20', 'ma-50']);
    const [first, second] = indicators.map((i) => indicatorColour(palette, i.outputs[0]?.colour ?? 'band'));
    expect(first).not.toBe(second);
  });

  it('adds EMAs after the MAs in the same colour cycle, then Bollinger bands, MACD and RSI', () => {
    const indicators = activeIndicators({ ma: [5], ema: [10], bollinger: true, macd: true, rsi: true });
    expect(indicators.map((i) => [i.key, i.pane.kind])).toEqual([
      ['ma-5', 'price'],
      ['ema-10', 'price'],
      ['bb-20-2', 'price'],
      ['macd-12-26-9', 'own'],
      ['rsi-14', 'own'],
    ]);
    expect(indicators[1]?.outputs[0]?.colour).toEqual({ average: 1 });
  });

  it('skips periods the indicators cannot take instead of failing', () => {
    expect(activeIndicators({ ...none, ma: [0, 2.5, -3, 20, 20, 501] }).map((i) => i.key)).toEqual(['ma-20']);
  });
});

describe('indicatorColour', () => {
  it('resolves each role in the palette, a signed bar by its sign', () => {
    expect(indicatorColour(palette, { average: 7 })).toBe(palette.averages[1]);
    expect(indicatorColour(palette, 'band')).toBe(palette.bollinger);
    expect(indicatorColour(palette, 'sign', 0.5)).toBe(palette.volumeUp);
    expect(indicatorColour(palette, 'sign', -0.5)).toBe(palette.volumeDown);
  });
});

describe('periods', () => {
  it('parses what the user types, or says what is wrong', () => {
    expect(parsePeriods('20, 50')).toEqual({ periods: [20, 50] });
    expect(parsePeriods(' 9 21;55 ')).toEqual({ periods: [9, 21, 55] });
    expect(parsePeriods('')).toEqual({ periods: [] });
    expect(parsePeriods('20, x')).toEqual({ problem: '“x” is not a number' });
    expect(parsePeriods('1e2')).toEqual({ problem: '“1e2” is not a number' });
    expect(parsePeriods('0')).toEqual({ problem: '0 is less than 1' });
    expect(parsePeriods('500, 501')).toEqual({ problem: '501 is more than 500' });
    expect(parsePeriods('7.0')).toEqual({ periods: [7] });
    expect(formatPeriods([20, 50])).toBe('20, 50');
  });

  it('summarises the active indicators', () => {
    expect(indicatorSummary({ ma: [20], ema: [12], bollinger: true, macd: false, rsi: true })).toBe('MA 20, EMA 12, Bollinger 20, 2, RSI 14');
    expect(indicatorSummary(none)).toBe('');
  });
});
