import { describe, expect, it } from 'vitest';
import { civilDay } from './civil-day.ts';

describe('civilDay', () => {
  it('parses a real date with its weekday and UTC midnight', () => {
    expect(civilDay('20261125')).toEqual({ year: 2026, month: 11, day: 25, weekday: 3, utcMidnight: Date.UTC(2026, 10, 25) });
    expect(civilDay('20240229')?.weekday).toBe(4);
  });

  it('refuses what is not a calendar date', () => {
    expect(civilDay('20260230')).toBeUndefined();
    expect(civilDay('2026-11-25')).toBeUndefined();
    expect(civilDay('')).toBeUndefined();
  });

  it('hands out one frozen object per day, so a caller cannot change what another is given', () => {
    const first = civilDay('20261126');
    expect(civilDay('20261126')).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
  });
});
