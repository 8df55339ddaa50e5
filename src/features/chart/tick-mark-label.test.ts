import { TickMarkType, type UTCTimestamp } from 'lightweight-charts';
import { describe, expect, it } from 'vitest';
import { tickMarkLabel } from './tick-mark-label';

const at = (iso: string) => (Date.parse(iso) / 1000) as UTCTimestamp;

/** ICU's label of the chart time's wall clock (UTC fields), with the library's options for the kind. */
const icuLabel = (seconds: number, options: Intl.DateTimeFormatOptions, locale: string) =>
  new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' }).format(new Date(seconds * 1000));

const DATE_KINDS: [TickMarkType, Intl.DateTimeFormatOptions][] = [
  [TickMarkType.Year, { year: 'numeric' }],
  [TickMarkType.Month, { month: 'short' }],
  [TickMarkType.DayOfMonth, { day: 'numeric' }],
];

describe('tickMarkLabel', () => {
  for (const locale of ['en-US', 'zh-CN', 'zh-TW', 'zh-HK', 'de-DE']) {
    it(`writes years, months and days as ICU does in ${locale}`, () => {
      for (let month = 0; month < 12; month++) {
        // Just before midnight UTC: a label in the machine's zone instead of UTC shows the next day.
        const time = (Date.UTC(2026, month, month + 1, 23, 59, 7) / 1000) as UTCTimestamp;
        for (const [kind, options] of DATE_KINDS) expect(tickMarkLabel(time, kind, locale)).toBe(icuLabel(time, options, locale));
      }
    });

    it(`writes the 24-hour clock as ICU does in ${locale}`, () => {
      const time = at('2026-11-02T09:30:05Z');
      expect(tickMarkLabel(time, TickMarkType.Time, locale)).toBe(icuLabel(time, { hourCycle: 'h23', hour: '2-digit', minute: '2-digit' }, locale));
      expect(tickMarkLabel(time, TickMarkType.TimeWithSeconds, locale)).toBe(
        icuLabel(time, { hourCycle: 'h23', hour: '2-digit', minute: '2-digit', second: '2-digit' }, locale),
      );
    });
  }

  it('reads 00:05 after midnight (the library writes 24:05 in en-US)', () => {
    expect(tickMarkLabel(at('2026-09-09T00:05:07Z'), TickMarkType.Time, 'en-US')).toBe('00:05');
    expect(tickMarkLabel(at('2026-09-09T00:05:07Z'), TickMarkType.TimeWithSeconds, 'zh-TW')).toBe('00:05:07');
  });

  it('reads the wall clock of the chart time, not the machine zone', () => {
    expect(tickMarkLabel(at('2026-03-09T23:05:00Z'), TickMarkType.Time, 'en-US')).toBe('23:05');
    expect(tickMarkLabel(at('2026-03-09T23:05:00Z'), TickMarkType.DayOfMonth, 'zh-CN')).toBe('9日');
  });

  it('leaves a business-day time to the library', () => {
    expect(tickMarkLabel({ year: 2026, month: 1, day: 2 }, TickMarkType.DayOfMonth, 'en-US')).toBeNull();
  });
});
