import { describe, expect, it } from 'vitest';
import { bollinger } from '#shared/indicators/bollinger.ts';
import { macd } from '#shared/indicators/macd.ts';
import { rsi } from '#shared/indicators/rsi.ts';
import { volumeMa } from '#shared/indicators/volume-ma.ts';
import { chartPalette } from './chart-palette';
import { formatIndicatorValue, legendTitle, legendValues } from './indicator-legend-text';

const palette = chartPalette('dark', 'green-up');

describe('legendTitle', () => {
  it('names the kind as the trade writes it, with every parameter', () => {
    expect(legendTitle({ kind: 'rsi', params: { period: 14 } })).toBe('RSI 14');
    expect(legendTitle({ kind: 'macd', params: { fast: 12, slow: 26, signal: 9 } })).toBe('MACD 12 26 9');
    expect(legendTitle({ kind: 'bollinger', params: { period: 20, k: 2 } })).toBe('BOLL 20 2');
  });

  it('fills in the defaults of parameters the instance leaves out', () => {
    expect(legendTitle({ kind: 'kdj', params: {} })).toBe('KDJ 9 3 3');
  });
});

describe('formatIndicatorValue', () => {
  it('reads at its scale’s decimals, grouped', () => {
    expect(formatIndicatorValue(231.1234, 'price', 2)).toBe('231.12');
    expect(formatIndicatorValue(94_231.1, 'own', 4)).toBe('94,231.1000');
  });

  it('reads on the volume pane in the volume’s compact form', () => {
    expect(formatIndicatorValue(1_234_567, 'volume', 2)).toBe('1.23M');
  });

  it('shows a dash while the indicator warms up', () => {
    expect(formatIndicatorValue(undefined, 'price', 2)).toBe('—');
  });
});

describe('legendValues', () => {
  it('gives each output its text and its line’s colour', () => {
    expect(legendValues(rsi(14), [63.2], palette, 2)).toEqual([{ text: '63.20', colour: palette.rsi }]);
    expect(legendValues(rsi(14), [undefined], palette, 2)).toEqual([{ text: '—', colour: palette.rsi }]);
    expect(legendValues(bollinger(20, 2), [231.1, 225.4, 219.7], palette, 1).map(({ text }) => text)).toEqual(['231.1', '225.4', '219.7']);
  });

  it('colours the MACD histogram by its sign', () => {
    const [up] = legendValues(macd(), [0.25, 1.23, 0.98], palette, 4);
    const [down] = legendValues(macd(), [-0.25, 1.23, 0.98], palette, 4);
    expect(up).toEqual({ text: '0.2500', colour: palette.volumeUp });
    expect(down).toEqual({ text: '−0.2500', colour: palette.volumeDown });
  });

  it('reads the volume’s average compactly', () => {
    expect(legendValues(volumeMa(5), [2_500_000], palette, 2)).toEqual([{ text: '2.50M', colour: expect.any(String) as string }]);
  });
});
