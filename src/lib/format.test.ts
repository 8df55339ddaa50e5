import { describe, expect, it } from 'vitest';
import { MINUS, decimalsOf, formatCompact, formatInteger, formatMoney, formatPercent, formatPrice, formatSignedChange, precisionOf } from './format';

describe('format', () => {
  it('reads decimals from API decimal strings', () => {
    expect(decimalsOf('123.4500')).toBe(4);
    expect(decimalsOf('100')).toBe(0);
    expect(decimalsOf('0.00001234')).toBe(8);
    expect(decimalsOf('-1.5')).toBe(1);
    expect(decimalsOf('1.5e-7')).toBe(8);
    expect(decimalsOf('12.')).toBe(0);
    expect(decimalsOf('abc')).toBe(0);
  });

  it('takes the largest precision seen, capped at 8', () => {
    expect(precisionOf(['1.2', '1.234', '10'])).toBe(3);
    expect(precisionOf(['0.0000000001'])).toBe(8);
    expect(precisionOf([])).toBe(0);
  });

  it('formats prices in a fixed precision with grouping', () => {
    expect(formatPrice(1234.5, 2)).toBe('1,234.50');
    expect(formatPrice(0.000123, 6)).toBe('0.000123');
    expect(formatPrice(97000, 0)).toBe('97,000');
    expect(formatPrice(-3.2, 2)).toBe(`${MINUS}3.20`);
    expect(formatPrice(Number.NaN, 2)).toBe('—');
  });

  it('formats signed changes with a true minus sign', () => {
    expect(formatSignedChange(1.25, 2)).toBe('+1.25');
    expect(formatSignedChange(-0.4, 2)).toBe('−0.40');
    expect(formatSignedChange(-0.4, 2).charCodeAt(0)).toBe(0x2212);
    // Rounds to zero: no sign either way.
    expect(formatSignedChange(-0.001, 2)).toBe('0.00');
    expect(formatSignedChange(0, 3)).toBe('0.000');
  });

  it('formats percentages', () => {
    expect(formatPercent(1.634)).toBe('+1.63%');
    expect(formatPercent(-12.5)).toBe('−12.50%');
    expect(formatPercent(0)).toBe('0.00%');
    expect(formatPercent(3.14159, 1)).toBe('+3.1%');
  });

  it('formats compact magnitudes with three significant digits', () => {
    expect(formatCompact(1200)).toBe('1.20K');
    expect(formatCompact(3_450_000)).toBe('3.45M');
    expect(formatCompact(1_200_000_000)).toBe('1.20B');
    expect(formatCompact(2.1e12)).toBe('2.10T');
    expect(formatCompact(12_345_678)).toBe('12.3M');
    expect(formatCompact(123_456)).toBe('123K');
    expect(formatCompact(999_950)).toBe('1.00M');
    expect(formatCompact(1000)).toBe('1.00K');
    expect(formatCompact(999.999)).toBe('1.00K');
    expect(formatCompact(1.5e15)).toBe('1,500T');
    expect(formatCompact(950)).toBe('950');
    expect(formatCompact(12.5)).toBe('12.5');
    expect(formatCompact(-4_560)).toBe('−4.56K');
  });

  it('formats integers with thousands separators', () => {
    expect(formatInteger(1_234_567.8)).toBe('1,234,568');
    expect(formatInteger(-1000)).toBe('−1,000');
    expect(formatInteger(0)).toBe('0');
  });

  it('formats money in the product currency', () => {
    expect(formatMoney(1234.567, 'USD')).toBe('$1,234.57');
    expect(formatMoney(3.45e12, 'HKD', { compact: true })).toBe('HK$3.45T');
    expect(formatMoney(88.8, 'cny')).toBe('¥88.80');
    expect(formatMoney(1234.5, 'USDT')).toBe('1,234.50 USDT');
    expect(formatMoney(-20, 'USD', { decimals: 0 })).toBe('−$20');
  });
});

describe('formatPrice without Intl', () => {
  // Intl.NumberFormat (Node's full ICU) is the oracle: the same rounding and grouping.
  const intl = (value: number, digits: number) =>
    new Intl.NumberFormat('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits, useGrouping: true }).format(value);

  it('writes what Intl writes, for every number shown with up to 15 significant digits (a double holds 15 for sure)', () => {
    // A fixed pseudo-random walk (no Math.random: a failure must repeat).
    let seed = 7;
    const next = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    let checked = 0;
    for (let i = 0; i < 8_000; i++) {
      const digits = i % 9;
      const value = Number((next() * 10 ** Math.floor(next() * 13)).toPrecision(1 + Math.floor(next() * 15)));
      if (Math.max(1, Math.floor(Math.log10(value)) + 1) + digits > 15) continue;
      expect(formatPrice(value, digits)).toBe(intl(value, digits));
      checked += 1;
    }
    expect(checked).toBeGreaterThan(5_000);
  });

  it('rounds ties as Intl does (and a value just below one down), and groups at every thousand', () => {
    for (const [value, digits] of [
      [1.005, 2],
      [2.5, 0],
      [0.125, 2],
      [999.995, 2],
      [999_999.5, 0],
      [1_000, 0],
      [123_456_789.123456, 4],
      [0.00000123, 8],
      [0.285, 2],
      [8.345, 2],
      [1.0049999999999, 2],
      [123_456_789_012_345, 0],
    ] as const)
      expect(formatPrice(value, digits)).toBe(intl(value, digits));
  });
});
