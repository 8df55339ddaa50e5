import { describe, expect, it } from 'vitest';
import { msToNextBoundary } from './wall-clock';

describe('msToNextBoundary', () => {
  it('gives the time to the next multiple of the period, so pollers started apart fire together', () => {
    const boundary = 1_795_618_800_000; // a multiple of 3 s
    expect(msToNextBoundary(3_000, boundary + 1_000)).toBe(2_000);
    expect(msToNextBoundary(3_000, boundary + 2_500)).toBe(500);
    expect(msToNextBoundary(3_000, boundary + 1_000) + boundary + 1_000).toBe(msToNextBoundary(3_000, boundary + 2_000) + boundary + 2_000);
  });

  it('skips a boundary too close to be worth a request, and waits a whole period right on one', () => {
    expect(msToNextBoundary(3_000, 1_795_618_800_000 - 100)).toBe(3_100);
    expect(msToNextBoundary(3_000, 1_795_618_800_000)).toBe(3_000);
  });
});
