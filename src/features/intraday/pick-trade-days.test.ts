import { describe, expect, it } from 'vitest';
import { dayKindLookup } from '../../lib/trade-days';
import { latestTradeDay, pickTradeDays } from './pick-trade-days';

// November 2026: Thursday the 26th a holiday, Tuesday the 24th a half day.
const kindOf = dayKindLookup([
  {
    begDay: '20261116',
    endDay: '20261127',
    trade_days: ['20261116', '20261117', '20261118', '20261119', '20261120', '20261123', '20261124', '20261125', '20261127'],
    half_trade_days: ['20261124'],
  },
]);

describe('pickTradeDays', () => {
  it('walks back over weekends and holidays to five trading days and the one before', () => {
    const picked = pickTradeDays(kindOf, '20261127', 5);
    expect(picked.days).toEqual([
      { ymd: '20261120', half: false },
      { ymd: '20261123', half: false },
      { ymd: '20261124', half: true },
      { ymd: '20261125', half: false },
      { ymd: '20261127', half: false },
    ]);
    expect(picked.before).toEqual({ ymd: '20261119', half: false });
  });

  it('stops where the calendar stops', () => {
    const picked = pickTradeDays(kindOf, '20261118', 5);
    expect(picked.days.map((d) => d.ymd)).toEqual(['20261116', '20261117', '20261118']);
    expect(picked.before).toBeUndefined();
  });

  it('keeps a last day the calendar does not cover (it has lines)', () => {
    expect(pickTradeDays(kindOf, '20261130', 2).days.map((d) => d.ymd)).toEqual(['20261127', '20261130']);
  });
});

describe('latestTradeDay', () => {
  it('is the day itself when it trades, else the trading day before', () => {
    expect(latestTradeDay(kindOf, '20261125')).toBe('20261125');
    expect(latestTradeDay(kindOf, '20261126')).toBe('20261125');
    expect(latestTradeDay(kindOf, '20261122')).toBe('20261120');
  });
});
