// Exact sums of decimal strings: a day's volume and turnover as the service writes them.
import { describe, expect, it } from 'vitest';
import { subtractDecimals, sumDecimals } from './decimal-sum.ts';

describe('decimal sums', () => {
  it('adds exactly where floats drift', () => {
    expect(sumDecimals(['0.1', '0.2'])).toBe('0.3');
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(sumDecimals(['377689125', '218410500.25', '65440300.75'])).toBe('661539926');
    expect(sumDecimals(Array.from({ length: 390 }, () => '1234567.89'))).toBe('481481477.1');
  });

  it('writes plain notation without trailing zeros, as the service does', () => {
    expect(sumDecimals([])).toBe('0');
    expect(sumDecimals(['1.50', '2.50'])).toBe('4');
    expect(sumDecimals(['1e-7', '0.0000001'])).toBe('0.0000002');
    expect(sumDecimals(['2.5E3', '.5'])).toBe('2500.5');
    expect(sumDecimals(['-0.2', '0.2'])).toBe('0');
    expect(sumDecimals(['+1', '-3.25'])).toBe('-2.25');
  });

  it('subtracts', () => {
    expect(subtractDecimals('529', '505.5')).toBe('23.5');
    expect(subtractDecimals('1.1', '1.25')).toBe('-0.15');
  });

  it('refuses what is not a decimal', () => {
    expect(() => sumDecimals(['abc'])).toThrow(RangeError);
    expect(() => sumDecimals(['.'])).toThrow(RangeError);
  });
});
