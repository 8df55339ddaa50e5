import { describe, expect, it } from 'vitest';
import type { Time } from 'lightweight-charts';
import { chartLocalization } from './crosshair-time';
import { HIDDEN_DATE } from '../../lib/hidden-date';

// 2026-10-01 10:30 on the display zone's clock, as chart seconds.
const TIME = Date.UTC(2026, 9, 1, 10, 30) / 1000;

describe('chartLocalization', () => {
  it('writes a Chinese date as Chinese dates are written, the clock time intraday', () => {
    const daily = chartLocalization('zh-CN', false).timeFormatter(TIME as Time);
    expect(daily).toMatch(/^2026\/10\/01/);
    expect(daily).toContain('周四');
    expect(daily).not.toMatch(/10月 '26/);
    expect(chartLocalization('zh-HK', true).timeFormatter(TIME as Time)).toMatch(/01\/10\/2026.*10:30/);
  });

  it('keeps the library’s English look', () => {
    expect(chartLocalization('en-US', false).timeFormatter(TIME as Time)).toBe("01 Oct '26");
    expect(chartLocalization('en-US', true).timeFormatter(TIME as Time)).toBe("01 Oct '26 10:30");
  });

  it('shows no date while dates are hidden (a blind replay): the clock time intraday, a dash for a day', () => {
    for (const locale of ['en-US', 'zh-CN']) {
      expect(chartLocalization(locale, true, true).timeFormatter(TIME as Time)).toBe('10:30');
      expect(chartLocalization(locale, false, true).timeFormatter(TIME as Time)).toBe(HIDDEN_DATE);
    }
  });
});
