import { describe, expect, it } from 'vitest';
import { heapFigure, liveMinutes } from './live-index.ts';

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

  it('compares the end with the first minute, each the least of its readings, and lists the first readings too', () => {
    const figure = heapFigure([sample(7.5, 7.2, 7.2), sample(7.4, 7.4, 7.9)], sample(8.4, 7.8, 7.8), 10);
    expect(figure.value).toBeCloseTo(((7.8 - 7.2) / 7.2) * 100, 6);
    expect(figure.pass).toBe(true);
    expect(figure.details?.[0]).toContain('7.20, 7.40; at the end 7.80');
    expect(figure.details?.[1]).toBe('first reading of each: 7.50, 7.40, 8.40');
  });

  it('misses the target above 10% growth', () => {
    expect(heapFigure([sample(7)], sample(7.8), 10).pass).toBe(false);
  });
});
