import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addMonthsYmd, dayBetween, isPlausibleTradingDay, tradingDayOnOrAfter } from './dates.ts';
import { decimalString } from './format.ts';
import { fnv1a, rngFor } from './hash.ts';
import { toTraditional } from './traditional.ts';

describe('hash', () => {
  it('computes FNV-1a', () => {
    expect(fnv1a('')).toBe(0x811c9dc5);
    expect(fnv1a('a')).toBe(0xe40c292c);
  });

  it('gives the same stream for the same key and different streams for different keys', () => {
    const draw = (key: string): number[] => {
      const rng = rngFor(key);
      return Array.from({ length: 5 }, () => rng.next());
    };
    expect(draw('hk:700')).toEqual(draw('hk:700'));
    expect(draw('hk:700')).not.toEqual(draw('hk:701'));
    const rng = rngFor('spread');
    const values = Array.from({ length: 2000 }, () => rng.next());
    expect(Math.min(...values)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...values)).toBeLessThan(1);
    expect(values.reduce((a, b) => a + b, 0) / values.length).toBeCloseTo(0.5, 1);
  });
});

describe('decimalString', () => {
  it('drops trailing zeros and never prints -0', () => {
    expect(decimalString(1.06, 4)).toBe('1.06');
    expect(decimalString(130, 4)).toBe('130');
    expect(decimalString(-0.20004, 4)).toBe('-0.2');
    expect(decimalString(-0.00001, 4)).toBe('0');
    expect(decimalString(27.37014, 4)).toBe('27.3701');
    expect(decimalString(100, 0)).toBe('100');
    expect(decimalString(-0.4, 0)).toBe('0');
    expect(decimalString(1.5e30, 2)).toBe('1.5e+30');
  });

  it('is toFixed with the trailing zeros and a bare point taken off', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.integer({ min: 0, max: 8 }), (value, decimals) => {
        const fixed = value.toFixed(decimals);
        const expected = fixed.replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '');
        expect(decimalString(value, decimals)).toBe(expected === '-0' ? '0' : expected);
      }),
    );
  });
});

describe('dates', () => {
  it('moves to the next weekday outside fixed closures', () => {
    expect(tradingDayOnOrAfter('20261121')).toBe('20261123'); // Saturday → Monday
    expect(tradingDayOnOrAfter('20261225')).toBe('20261228'); // Christmas (Fri), 26th (Sat)
    expect(tradingDayOnOrAfter('20260101')).toBe('20260102');
    expect(isPlausibleTradingDay('20261120')).toBe(true);
  });

  it('adds months and picks days in between', () => {
    expect(addMonthsYmd('20261215', -12)).toBe('20251215');
    expect(addMonthsYmd('20270131', -2)).toBe('20261128');
    expect(dayBetween('20200101', '20201231', 0)).toBe('20200102');
    const middle = dayBetween('20200101', '20201231', 0.5);
    expect(middle > '20200601' && middle < '20200715').toBe(true);
  });
});

describe('toTraditional', () => {
  it('converts the names HK writes in traditional characters', () => {
    expect(toTraditional('腾讯控股')).toBe('騰訊控股');
    expect(toTraditional('汇丰控股')).toBe('滙豐控股');
    expect(toTraditional('中国生物制药')).toBe('中國生物製藥');
    expect(toTraditional('新鸿基地产')).toBe('新鴻基地產');
    expect(toTraditional('阿里巴巴-W')).toBe('阿里巴巴-W');
  });
});
