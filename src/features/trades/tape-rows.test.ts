import { describe, expect, it } from 'vitest';
import type { Trade } from '../../api/quote-schemas';
import { hasFuturesColumns, newestFirst, newTradeIds, tapeRows } from './tape-rows';

const HK: Trade[] = [
  { id: 'a', price: '504.5', quantity: '10000', side: 'sell', timestamp: 1795573790838 },
  { id: 'b', price: '505.5', quantity: '21200', side: 'buy', timestamp: 1795573792729 },
  { id: 'c', price: '505', quantity: '27900', side: 'neutral', timestamp: 1795573800000 },
];

const FUTURES: Trade[] = [
  { id: 'f1', price: '597.18', quantity: '148', side: 'sell', timestamp: 1795572892756, open_interest_change: -108, position_effect: 'long_close' },
  { id: 'f2', price: '597.24', quantity: '180', side: 'buy', timestamp: 1795572895356, open_interest_change: 12, position_effect: 'short_open' },
];

describe('tapeRows', () => {
  it('puts the newest first at the symbol precision in the market time zone', () => {
    const rows = tapeRows(HK, 'Asia/Hong_Kong');
    expect(rows.map((row) => row.id)).toEqual(['c', 'b', 'a']);
    expect(rows[0]).toMatchObject({ time: '10:30:00', price: '505.0', quantity: '27,900' });
    expect(rows[2]?.fullTime).toBe('2026-11-25 10:29:50.838 (Asia/Hong_Kong)');
    expect(rows[0]?.openInterestChange).toBeUndefined();
  });
  it('formats futures open-interest change signed and the position effect in words', () => {
    const rows = tapeRows(FUTURES, 'Asia/Shanghai');
    expect(rows[0]).toMatchObject({ openInterestChange: '+12', positionEffect: 'Short open', price: '597.24' });
    expect(rows[1]).toMatchObject({ openInterestChange: '\u2212108', positionEffect: 'Long close' });
  });
  it('keeps crypto fractions', () => {
    const rows = tapeRows([{ id: 'x', price: '93010.6', quantity: '5.0342', side: 'buy', timestamp: 0 }], 'UTC');
    expect(rows[0]).toMatchObject({ price: '93,010.6', quantity: '5.0342' });
  });
});

describe('newestFirst', () => {
  it('reverses the API order for trades at the same instant', () => {
    const same = [HK[0], { ...HK[1], timestamp: HK[0]?.timestamp }] as Trade[];
    expect(newestFirst(same).map((trade) => trade.id)).toEqual(['b', 'a']);
  });
});

describe('hasFuturesColumns', () => {
  it('follows the type or the fields', () => {
    expect(hasFuturesColumns(HK, 'stock')).toBe(false);
    expect(hasFuturesColumns(FUTURES, undefined)).toBe(true);
    expect(hasFuturesColumns([], 'futures')).toBe(true);
  });
});

describe('newTradeIds', () => {
  it('is empty on the first load', () => {
    expect(newTradeIds(undefined, HK).size).toBe(0);
  });
  it('holds the trades that appeared since the last poll', () => {
    const next = [...HK.slice(1), { id: 'd', price: '505', quantity: '100', side: 'buy', timestamp: 1795573801000 }];
    expect([...newTradeIds(HK, next)]).toEqual(['d']);
  });
});
