import { describe, expect, it } from 'vitest';
import { isCalendarInterval, periodFirstDay, periodStart } from './calendar-periods.ts';

describe('calendar periods', () => {
  it('starts a week on Monday and a month on the 1st', () => {
    expect(periodFirstDay('1w', '20261125')).toBe('20261123'); // a Wednesday
    expect(periodFirstDay('1w', '20261123')).toBe('20261123');
    expect(periodFirstDay('1w', '20261129')).toBe('20261123'); // a Sunday ends the week
    expect(periodFirstDay('1w', '20270101')).toBe('20261228'); // across the year
    expect(periodFirstDay('1M', '20261125')).toBe('20261101');
    expect(periodFirstDay('1d', '20261125')).toBe('20261125');
  });

  it("starts periods at the market's local midnight, daylight-saving time included", () => {
    const at = Date.parse('2026-11-25T03:00:00Z'); // 22:00 on the 24th in New York, 11:00 on the 25th in Hong Kong
    expect(periodStart('1d', at, 'America/New_York')).toBe(Date.parse('2026-11-24T05:00:00Z'));
    expect(periodStart('1d', at, 'Asia/Hong_Kong')).toBe(Date.parse('2026-11-24T16:00:00Z'));
    expect(periodStart('1d', at, 'UTC')).toBe(Date.parse('2026-11-25T00:00:00Z'));
    expect(periodStart('1M', at, 'America/New_York')).toBe(Date.parse('2026-11-01T04:00:00Z'));
  });

  it('knows the calendar intervals', () => {
    expect(['1d', '1w', '1M'].every(isCalendarInterval)).toBe(true);
    expect(['1m', '4h', '1D', ''].some(isCalendarInterval)).toBe(false);
  });
});
