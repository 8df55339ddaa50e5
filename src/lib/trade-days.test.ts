import { describe, expect, it } from 'vitest';
import { dayKindLookup, isWeekendYmd } from './trade-days';

describe('dayKindLookup', () => {
  const lookup = dayKindLookup([
    { begDay: '20261123', endDay: '20261130', trade_days: ['20261123', '20261124', '20261125', '20261130'], half_trade_days: ['20261127'] },
  ]);

  it('classifies the days of the answered window', () => {
    expect(lookup('20261125')).toBe('full');
    expect(lookup('20261127')).toBe('half');
    expect(lookup('20261126')).toBe('closed'); // Thanksgiving: a weekday the answer left out
    expect(lookup('20261128')).toBe('closed'); // Saturday
  });

  it('knows nothing outside the window but weekends', () => {
    expect(lookup('20261201')).toBe('unknown');
    expect(lookup('20261122')).toBe('closed'); // Sunday
  });

  it('joins several answers and lets half_trade_days win', () => {
    const joined = dayKindLookup([
      { begDay: '20261201', endDay: '20261202', trade_days: ['20261201'], half_trade_days: [] },
      { begDay: '20261203', endDay: '20261204', trade_days: ['20261203', '20261204'], half_trade_days: ['20261204'] },
    ]);
    expect(joined('20261201')).toBe('full');
    expect(joined('20261202')).toBe('closed');
    expect(joined('20261204')).toBe('half');
    expect(joined('20261207')).toBe('unknown');
  });

  it('tells weekends apart', () => {
    expect(isWeekendYmd('20261128')).toBe(true);
    expect(isWeekendYmd('20261129')).toBe(true);
    expect(isWeekendYmd('20261130')).toBe(false);
  });
});
