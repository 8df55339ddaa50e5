import { describe, expect, it } from 'vitest';
import { crossesMidnight, formatHhmm, formatMarketClock, marketCity, sessionKindLabel } from './session-format';

describe('session formatting', () => {
  it('formats hhmm integers as hh:mm', () => {
    expect(formatHhmm(930)).toBe('09:30');
    expect(formatHhmm(1600)).toBe('16:00');
    expect(formatHhmm(0)).toBe('00:00');
    expect(formatHhmm(400)).toBe('04:00');
    expect(formatHhmm(2400)).toBe('24:00');
  });

  it('refuses values that are not times', () => {
    expect(formatHhmm(975)).toBe('—');
    expect(formatHhmm(-5)).toBe('—');
    expect(formatHhmm(12.5)).toBe('—');
    expect(formatHhmm(2500)).toBe('—');
  });

  it('names each trade_session kind, an omitted one being regular trading', () => {
    expect(sessionKindLabel({ begin_time: 930, end_time: 1600 })).toBe('Regular');
    expect(sessionKindLabel({ begin_time: 930, end_time: 1600, trade_session: 0 })).toBe('Regular');
    expect(sessionKindLabel({ begin_time: 400, end_time: 930, trade_session: 1 })).toBe('Pre-market');
    expect(sessionKindLabel({ begin_time: 1600, end_time: 2000, trade_session: 2 })).toBe('After-hours');
    expect(sessionKindLabel({ begin_time: 2000, end_time: 400, trade_session: 3 })).toBe('Overnight');
    expect(sessionKindLabel({ begin_time: 100, end_time: 200, trade_session: 9 })).toBe('Session 9');
  });

  it('sees the overnight session wrap past midnight', () => {
    expect(crossesMidnight({ begin_time: 2000, end_time: 400, trade_session: 3 })).toBe(true);
    expect(crossesMidnight({ begin_time: 930, end_time: 1130 })).toBe(false);
  });

  it('names markets by the city of their time zone', () => {
    expect(marketCity('US')).toBe('New York');
    expect(marketCity('HK')).toBe('Hong Kong');
    expect(marketCity('CN')).toBe('Shanghai');
  });

  it('shows the wall clock of the market, whatever the browser zone', () => {
    const instant = Date.UTC(2026, 10, 25, 2, 30, 5);
    expect(formatMarketClock(instant, 'America/New_York')).toMatch(/Tue 24 Nov,? 21:30:05/);
    expect(formatMarketClock(instant, 'Asia/Hong_Kong')).toMatch(/Wed 25 Nov,? 10:30:05/);
    // While dates are hidden (a blind replay): the clock alone.
    expect(formatMarketClock(instant, 'Asia/Hong_Kong', true)).toBe('10:30:05');
  });
});
