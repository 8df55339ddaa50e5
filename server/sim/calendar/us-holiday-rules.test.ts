import { describe, expect, it } from 'vitest';
import { NYSE_PUBLISHED } from './holidays.ts';
import { must } from './test-helpers.ts';
import { easterSunday, usMarketHolidays } from './us-holiday-rules.ts';

describe('easterSunday', () => {
  it('matches known Easter dates', () => {
    expect(easterSunday(2024)).toEqual({ month: 3, day: 31 });
    expect(easterSunday(2025)).toEqual({ month: 4, day: 20 });
    expect(easterSunday(2026)).toEqual({ month: 4, day: 5 });
    expect(easterSunday(2027)).toEqual({ month: 3, day: 28 });
    expect(easterSunday(2038)).toEqual({ month: 4, day: 25 }); // latest possible
    expect(easterSunday(2285)).toEqual({ month: 3, day: 22 }); // earliest possible
  });
});

describe('usMarketHolidays', () => {
  it('reproduces the published NYSE 2026 calendar exactly', () => {
    const published = must(NYSE_PUBLISHED[2026]);
    const rules = usMarketHolidays(2026);
    expect(rules.closed).toEqual(published.closed);
    expect(rules.half).toEqual(published.half);
  });

  it('reproduces the published NYSE 2025 calendar except the 9 January day of mourning', () => {
    const published = must(NYSE_PUBLISHED[2025]);
    const rules = usMarketHolidays(2025);
    expect(published.closed).toContain('20250109');
    expect(rules.closed).toEqual(published.closed.filter((day) => day !== '20250109'));
    expect(rules.half).toEqual(published.half);
  });

  it('reproduces the published NYSE 2027 calendar (Saturday and Sunday observances)', () => {
    const published = must(NYSE_PUBLISHED[2027]);
    expect(usMarketHolidays(2027)).toEqual({ closed: published.closed, half: published.half });
  });

  it('reproduces the NYSE 2024 calendar, a year without a published list here', () => {
    expect(usMarketHolidays(2024)).toEqual({
      closed: ['20240101', '20240115', '20240219', '20240329', '20240527', '20240619', '20240704', '20240902', '20241128', '20241225'],
      half: ['20240703', '20241129', '20241224'],
    });
  });

  it('applies the observance rules', () => {
    // 1 Jan 2022 was a Saturday: no closure on Friday 31 Dec 2021 nor in January 2022 for it.
    expect(usMarketHolidays(2021).closed).not.toContain('20211231');
    expect(usMarketHolidays(2022).closed.filter((day) => day.startsWith('202201'))).toEqual(['20220117']);
    // 1 Jan 2023 was a Sunday: observed Monday 2 Jan.
    expect(usMarketHolidays(2023).closed).toContain('20230102');
    // Christmas 2021 on a Saturday: closed Friday 24 Dec, which then is no early close.
    expect(usMarketHolidays(2021).closed).toContain('20211224');
    expect(usMarketHolidays(2021).half).not.toContain('20211224');
    // Juneteenth 2022 on a Sunday: observed Monday 20 June; not a holiday before 2022.
    expect(usMarketHolidays(2022).closed).toContain('20220620');
    expect(usMarketHolidays(2021).closed.some((day) => day.startsWith('202106'))).toBe(false);
    // July 4 2023 on a Tuesday: Monday 3 July closes early; 2022 (Monday) has no early close.
    expect(usMarketHolidays(2023).half).toContain('20230703');
    expect(usMarketHolidays(2022).half.some((day) => day.startsWith('202207'))).toBe(false);
    // No MLK closure before 1998.
    expect(usMarketHolidays(1997).closed.filter((day) => day.startsWith('199701'))).toEqual(['19970101']);
  });
});
