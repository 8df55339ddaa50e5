import { describe, expect, it } from 'vitest';
import type { IndicatorKind } from '#shared/indicators/kinds.ts';
import { DEFAULT_PREFERENCES, type IndicatorInstance } from '../../store/preferences-slice';
import { chartPalette } from './chart-palette';
import { activeIndicators, indicatorColour, indicatorSummary, missingKinds } from './indicator-data';
import { loadKinds } from './indicator-registry';
import { formatPeriods, parsePeriods } from './period-text';

const palette = chartPalette('dark', 'green-up');
let ids = 0;
const of = (kind: IndicatorKind, params: Record<string, number> = {}, more: Partial<IndicatorInstance> = {}): IndicatorInstance => ({
  id: String((ids += 1)),
  kind,
  params,
  ...more,
});

describe('activeIndicators', () => {
  it('draws the default moving averages in distinct colours', () => {
    const indicators = activeIndicators(DEFAULT_PREFERENCES.indicators);
    expect(indicators.map((i) => i.key)).toEqual(['ma-20', 'ma-50']);
    const [first, second] = indicators.map((i) => indicatorColour(palette, i.outputs[0]?.colour ?? 'band'));
    expect(first).not.toBe(second);
  });

  it('draws only what is loaded, says what to load, then draws it in list order; moving averages share one colour cycle', async () => {
    const list = [
      of('sma', { period: 5 }),
      of('ema', { period: 10 }),
      of('bollinger', { period: 20, k: 2 }),
      of('macd', { fast: 12, slow: 26, signal: 9 }),
      of('rsi', { period: 14 }),
    ];
    await loadKinds(['ema', 'bollinger', 'macd', 'rsi']);
    expect(missingKinds(list)).toEqual([]);
    const indicators = activeIndicators(list);
    expect(indicators.map((i) => [i.key, i.pane.kind])).toEqual([
      ['ma-5', 'price'],
      ['ema-10', 'price'],
      ['bb-20-2', 'price'],
      ['macd-12-26-9', 'own'],
      ['rsi-14', 'own'],
    ]);
    expect(indicators[1]?.outputs[0]?.colour).toEqual({ average: 1 });
  });

  it('skips parameters the indicators cannot take instead of failing', () => {
    const list = [0, 2.5, -3, 20].map((period) => of('sma', { period }));
    expect(activeIndicators(list).map((i) => i.key)).toEqual(['ma-20']);
  });

  it('takes the colours and pane the user chose', async () => {
    await loadKinds(['kdj']);
    const [kdj, ma] = activeIndicators([
      of('kdj', { period: 9, k: 3, d: 3 }, { colours: ['#ff0000'], pane: 'price' }),
      of('sma', { period: 5 }, { pane: 'own' }),
    ]);
    expect(kdj?.pane).toEqual({ kind: 'price' });
    expect(kdj?.outputs.map((o) => o.colour)).toEqual([{ css: '#ff0000' }, 'signal', 'macd']);
    expect(ma?.pane).toEqual({ kind: 'own', decimals: { extra: 0 } });
    expect(indicatorColour(palette, { css: '#ff0000' })).toBe('#ff0000');
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
    expect(
      indicatorSummary([
        of('sma', { period: 20 }),
        of('ema', { period: 12 }),
        of('bollinger', { period: 20, k: 2 }),
        of('vwap'),
        of('kdj', { period: 9, k: 3, d: 3 }),
      ]),
    ).toBe('MA 20, EMA 12, BOLL 20, 2, VWAP, KDJ 9, 3, 3');
    expect(indicatorSummary([])).toBe('');
  });
});
