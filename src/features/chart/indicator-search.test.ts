import { afterEach, describe, expect, it } from 'vitest';
import { activate } from '../../i18n/translate';
import zhHans from '../../i18n/zh-hans';
import { searchKinds } from './indicator-search';

const kinds = (query: string) => searchKinds(query).map((spec) => spec.kind);

afterEach(() => {
  activate('en');
});

describe('the picker’s search', () => {
  it('lists every kind for an empty query, and matches names, titles and other names, every word', () => {
    expect(kinds('')).toHaveLength(17);
    expect(kinds('kdj')).toEqual(['kdj']);
    expect(kinds('moving average')).toEqual(['sma', 'ema', 'wma', 'volume-ma', 'macd']);
    expect(kinds('adx')).toEqual(['dmi']);
    expect(kinds('weighted volume')).toEqual(['vwap']);
    expect(kinds('nothing like it')).toEqual([]);
  });

  it('finds by the title in the active language too', () => {
    activate('zh-CN', zhHans);
    expect(kinds('随机')).toEqual(['kdj', 'stochastic']);
    expect(kinds('一目')).toEqual(['ichimoku']);
  });
});
