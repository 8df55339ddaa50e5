import { describe, expect, it } from 'vitest';
import { capitalisation, deriveFigures, parseDecimal, perShareRatio, priceEarnings } from './stock-figures';

describe('parseDecimal', () => {
  it('reads API decimal strings and refuses the rest', () => {
    expect(parseDecimal('23.3789')).toBe(23.3789);
    expect(parseDecimal('-0.2')).toBe(-0.2);
    expect(parseDecimal(undefined)).toBeUndefined();
    expect(parseDecimal('')).toBeUndefined();
    expect(parseDecimal('abc')).toBeUndefined();
  });
});

describe('capitalisation', () => {
  it('is price times shares', () => {
    expect(capitalisation(505, 9_150_000_000)).toBe(4_620_750_000_000);
  });
  it('needs both inputs and a positive price', () => {
    expect(capitalisation(undefined, 100)).toBeUndefined();
    expect(capitalisation(10, undefined)).toBeUndefined();
    expect(capitalisation(0, 100)).toBeUndefined();
    expect(capitalisation(Number.NaN, 100)).toBeUndefined();
  });
});

describe('perShareRatio', () => {
  it('divides the price by a positive per-share figure', () => {
    expect(perShareRatio(505, 125)).toEqual({ meaningful: true, value: 4.04 });
  });
  it('is not meaningful over zero or a negative figure', () => {
    expect(perShareRatio(10, 0)).toEqual({ meaningful: false });
    expect(perShareRatio(10, -0.2)).toEqual({ meaningful: false });
  });
  it('is absent without inputs', () => {
    expect(perShareRatio(undefined, 2)).toBeUndefined();
    expect(perShareRatio(10, undefined)).toBeUndefined();
  });
});

describe('priceEarnings', () => {
  it('prefers EPS TTM', () => {
    expect(priceEarnings(49, '5.806', '4.9')).toEqual({ basis: 'ttm', ratio: { meaningful: true, value: 10 } });
  });
  it('falls back to reported EPS', () => {
    expect(priceEarnings(1372, '68.6', undefined)).toEqual({ basis: 'reported', ratio: { meaningful: true, value: 20 } });
  });
  it('flags a loss', () => {
    expect(priceEarnings(8, '-0.2', undefined)).toEqual({ basis: 'reported', ratio: { meaningful: false } });
  });
  it('is absent without EPS or price', () => {
    expect(priceEarnings(10, undefined, undefined)).toBeUndefined();
    expect(priceEarnings(undefined, '1', '1')).toBeUndefined();
  });
});

describe('deriveFigures', () => {
  const tencent = { total_shares: 9_150_000_000, circulating_shares: 9_150_000_000, eps: '23.3789', eps_ttm: '24.5', bps: '125' };

  it('derives every figure whose inputs exist', () => {
    const figures = deriveFigures(tencent, '490');
    expect(figures.marketCap).toBe(4_483_500_000_000);
    expect(figures.floatCap).toBe(4_483_500_000_000);
    expect(figures.pe).toEqual({ basis: 'ttm', ratio: { meaningful: true, value: 20 } });
    expect(figures.pb).toEqual({ meaningful: true, value: 3.92 });
  });
  it('leaves out figures with missing inputs', () => {
    expect(deriveFigures({ eps: '2' }, '10')).toEqual({ pe: { basis: 'reported', ratio: { meaningful: true, value: 5 } } });
    expect(deriveFigures({ total_shares: 100 }, '10')).toEqual({ marketCap: 1000 });
  });
  it('derives nothing without a price', () => {
    expect(deriveFigures(tencent, undefined)).toEqual({});
    expect(deriveFigures(tencent, 'n/a')).toEqual({});
  });
});
