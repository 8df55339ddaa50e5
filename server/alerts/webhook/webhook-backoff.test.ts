/** The retry schedule: growing delays, the last repeated, each within ±20 %. */
import { describe, expect, it } from 'vitest';
import { MAX_WEBHOOK_ATTEMPTS, retryDelayMs } from './webhook-backoff.ts';

describe('retryDelayMs', () => {
  it('waits 2 s, 10 s, 1 min, 5 min, then 30 min, without jitter at the middle', () => {
    const middle = () => 0.5;
    expect([1, 2, 3, 4, 5, 6, 9].map((attempt) => retryDelayMs(attempt, middle))).toEqual([2_000, 10_000, 60_000, 300_000, 1_800_000, 1_800_000, 1_800_000]);
    expect(retryDelayMs(0, middle)).toBe(2_000);
    expect(MAX_WEBHOOK_ATTEMPTS).toBe(6);
  });

  it('jitters by at most 20 % either way', () => {
    expect(retryDelayMs(2, () => 0)).toBe(8_000);
    expect(retryDelayMs(2, () => 0.999_999)).toBe(12_000);
    for (let attempt = 1; attempt < MAX_WEBHOOK_ATTEMPTS; attempt += 1) {
      const delay = retryDelayMs(attempt);
      const base = retryDelayMs(attempt, () => 0.5);
      expect(delay).toBeGreaterThanOrEqual(base * 0.8);
      expect(delay).toBeLessThanOrEqual(base * 1.2);
    }
  });
});
