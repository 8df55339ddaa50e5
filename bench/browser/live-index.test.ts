import { describe, expect, it } from 'vitest';
import { heapFigure, liveMinutes, objectGrowthFigure } from './live-index.ts';

describe('liveMinutes (BENCH_LIVE_MINUTES)', () => {
  it('defaults to 2 and takes longer runs', () => {
    expect(liveMinutes(undefined)).toBe(2);
    expect(liveMinutes('')).toBe(2);
    expect(liveMinutes('10')).toBe(10);
  });

  it('refuses lengths with nothing after the first minute, and non-numbers', () => {
    expect(() => liveMinutes('1')).toThrow(/≥ 1.5/);
    expect(() => liveMinutes('ten')).toThrow(/≥ 1.5/);
  });
});

describe('heapFigure', () => {
  const MIB = 1024 * 1024;
  const sample = (...readings: number[]) => ({ bytes: Math.min(...readings) * MIB, readings: readings.map((r) => r * MIB) });

  it('compares the end with the second minute, each the least of its readings, and lists the first readings too', () => {
    const figure = heapFigure([sample(7.0, 7.0, 7.0), sample(7.5, 7.2, 7.2), sample(7.4, 7.4, 7.9)], sample(7.6, 7.5, 7.5), 10);
    expect(figure.value).toBeCloseTo(((7.5 - 7.2) / 7.2) * 100, 6);
    expect(figure.name).toContain('vs after 2 min');
    expect(figure.pass).toBe(true);
    expect(figure.details?.[0]).toContain('7.00, 7.20, 7.40; at the end 7.50');
    expect(figure.details?.[1]).toBe('first reading of each: 7.00, 7.50, 7.40, 7.60');
  });

  it('compares with the first minute in a run under three minutes', () => {
    expect(heapFigure([sample(7), sample(7.1)], sample(7.2), 2).name).toContain('vs after 1 min');
  });

  it('misses the target above 5% growth', () => {
    expect(heapFigure([sample(7), sample(7)], sample(7.4), 10).pass).toBe(false);
    expect(heapFigure([sample(7), sample(7)], sample(7.3), 10).pass).toBe(true);
  });
});

describe('objectGrowthFigure', () => {
  it('passes with no constructor grown and lists the grown ones otherwise', () => {
    expect(objectGrowthFigure([], 2, 10)).toMatchObject({ value: 0, pass: true, details: ['none grew'] });
    const missed = objectGrowthFigure([{ name: 'Quote', before: 100, after: 400 }], 2, 10);
    expect(missed).toMatchObject({ value: 1, pass: false, details: ['Quote: 100 → 400'] });
  });
});
