import { describe, expect, it } from 'vitest';
import { compareMonths, dayTitle, monthOfYmd, monthTitle, shiftMonth } from './month-math';

describe('month arithmetic', () => {
  it('shifts across year ends both ways', () => {
    expect(shiftMonth({ year: 2026, month: 12 }, 1)).toEqual({ year: 2027, month: 1 });
    expect(shiftMonth({ year: 2026, month: 1 }, -1)).toEqual({ year: 2025, month: 12 });
    expect(shiftMonth({ year: 2026, month: 11 }, -13)).toEqual({ year: 2025, month: 10 });
  });

  it('orders months', () => {
    expect(compareMonths({ year: 2025, month: 12 }, { year: 2026, month: 1 })).toBeLessThan(0);
    expect(compareMonths({ year: 2026, month: 3 }, { year: 2026, month: 3 })).toBe(0);
  });

  it('reads and names months and days', () => {
    expect(monthOfYmd('20261127')).toEqual({ year: 2026, month: 11 });
    expect(() => monthOfYmd('2026-11-27')).toThrow(RangeError);
    expect(monthTitle({ year: 2026, month: 11 })).toBe('November 2026');
    expect(dayTitle('20261127')).toBe('Friday 27 November');
  });
});
