import { describe, expect, it } from 'vitest';
import { liveMinutes } from './live-index.ts';

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
