import { describe, expect, it } from 'vitest';
import { topMovers } from './hk-movers';
import { toHkRows } from './hk-row';
import { hkEntry } from './hk-test-data';

function entry(code: string, percent: string, volume = '100', type = 'stock') {
  return hkEntry(code, { price_change_percent_24h: percent, volume_24h: volume, type });
}

describe('topMovers', () => {
  it('ranks the five biggest rises and falls by change %', () => {
    const rows = toHkRows([
      entry('1', '1'),
      entry('2', '9.5'),
      entry('3', '-3'),
      entry('4', '12'),
      entry('5', '2'),
      entry('6', '3'),
      entry('7', '-20'),
      entry('8', '0.5'),
      entry('9', '-1'),
      entry('10', '-0.1'),
      entry('11', '-7'),
      entry('12', '-2'),
    ]);
    const { gainers, losers } = topMovers(rows);
    expect(gainers.map((row) => row.code)).toEqual(['4', '2', '6', '5', '1']);
    expect(losers.map((row) => row.code)).toEqual(['7', '11', '3', '12', '9']);
  });

  it('leaves out indices, stocks that did not trade and unknown moves', () => {
    const rows = toHkRows([
      entry('HSI', '30', '999', 'indices'),
      entry('1', '40', '0'),
      hkEntry('2', { price_change_percent_24h: '50', volume_24h: undefined }),
      hkEntry('3', { price_change_percent_24h: undefined, price_change_24h: undefined, prev_close: undefined }),
      entry('4', '5'),
      entry('5', '-5', '0'),
    ]);
    const { gainers, losers } = topMovers(rows);
    expect(gainers.map((row) => row.code)).toEqual(['4']);
    expect(losers).toEqual([]);
  });

  it('lists only risers as gainers and fallers as losers; ties keep the feed order', () => {
    const rows = toHkRows([entry('1', '0'), entry('2', '3'), entry('3', '3'), entry('4', '-1')]);
    const { gainers, losers } = topMovers(rows);
    expect(gainers.map((row) => row.code)).toEqual(['2', '3']);
    expect(losers.map((row) => row.code)).toEqual(['4']);
  });
});
