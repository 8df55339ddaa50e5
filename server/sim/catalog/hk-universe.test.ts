import { describe, expect, it } from 'vitest';
import { allInstruments } from './catalog.ts';
import { hkMajorCodes } from './hk-stocks.ts';
import { hkSpreadTick } from './tick-size.ts';
import type { Instrument } from './types.ts';

const hk = allInstruments().filter((instrument) => instrument.market === 'HK');
const codes = hk.map((instrument) => Number.parseInt(instrument.symbol, 10));
const majors = hkMajorCodes();
const tail = hk.filter((instrument) => !majors.has(Number.parseInt(instrument.symbol, 10)));
const mean = (list: readonly Instrument[], pick: (i: Instrument) => number): number =>
  list.reduce((sum, instrument) => sum + pick(instrument), 0) / list.length;

describe('HK universe', () => {
  it('spreads codes over 1–9999 like the real market, not consecutively', () => {
    expect(Math.min(...codes)).toBe(1);
    expect(Math.max(...codes)).toBeLessThanOrEqual(9999);
    const inRange = (from: number, to: number): number => codes.filter((code) => code >= from && code <= to).length;
    expect(inRange(1, 999)).toBeGreaterThan(700);
    expect(inRange(6000, 6999)).toBeGreaterThan(100);
    expect(inRange(8000, 8999)).toBeGreaterThan(100);
    expect(inRange(9600, 9999)).toBeGreaterThan(40);
    expect(inRange(4000, 5999) + inRange(7000, 7999)).toBe(0);
    const gaps = codes.slice(1).filter((code, i) => code - (codes[i] ?? 0) > 1).length;
    expect(gaps).toBeGreaterThan(300);
  });

  it('keeps the hand-written majors and gives every stock a unique name', () => {
    for (const code of [700, 9988, 3690, 5, 1299, 939, 1398, 388, 2318, 1810, 9618, 1211, 883, 2, 16]) {
      expect(codes).toContain(code);
    }
    expect(hk.find((i) => i.symbol === '700.HK')?.stockInfo).toMatchObject({ name_cn: '腾讯控股', name_hk: '騰訊控股' });
    const names = hk.map((instrument) => instrument.name);
    expect(new Set(names).size).toBe(names.length);
    expect(hk.every((instrument) => /[\u4e00-\u9fff]/.test(instrument.name))).toBe(true);
    expect(hk.every((instrument) => /^[A-Z0-9 &.'-]+$/.test(instrument.stockInfo?.name_en ?? ''))).toBe(true);
  });

  it('prices the long tail from pennies to hundreds, on the HKEX spread table', () => {
    const prices = tail.map((instrument) => instrument.basePrice);
    expect(Math.min(...prices)).toBeLessThan(0.05);
    expect(Math.max(...prices)).toBeGreaterThan(100);
    expect(prices.filter((price) => price < 1).length).toBeGreaterThan(tail.length / 5);
    for (const instrument of hk) {
      const steps = instrument.basePrice / hkSpreadTick(instrument.basePrice);
      expect(Math.abs(steps - Math.round(steps)), instrument.symbol).toBeLessThan(1e-6);
    }
  });

  it('makes small caps more volatile and thinner than the majors, with board lots in use', () => {
    const major = hk.filter((instrument) => majors.has(Number.parseInt(instrument.symbol, 10)));
    expect(mean(tail, (i) => i.annualVolatility)).toBeGreaterThan(mean(major, (i) => i.annualVolatility) + 0.1);
    expect(mean(tail, (i) => i.minuteVolume * i.basePrice)).toBeLessThan(mean(major, (i) => i.minuteVolume * i.basePrice) / 10);
    const lots = new Set(hk.map((instrument) => instrument.lotSize));
    for (const lot of [100, 200, 500, 1000, 2000]) expect(lots).toContain(lot);
    expect([...lots].every((lot) => [50, 100, 200, 400, 500, 1000, 2000, 4000, 5000, 10000, 20000].includes(lot))).toBe(true);
    expect(tail.filter((instrument) => instrument.name.endsWith('-B')).length).toBeGreaterThan(10);
    expect(tail.filter((instrument) => instrument.listedSince > '20200101').length).toBeGreaterThan(200);
  });
});
