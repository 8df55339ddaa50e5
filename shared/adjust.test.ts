import { describe, expect, it } from 'vitest';
import { adjustPrice, factorsOfEvent, roundAdjusted, type AdjustFactor } from './adjust.ts';

const DAY = 86_400_000;
// Two events: a 4-for-1 split on day 10 and a 0.5 dividend (post-split shares) on day 20.
const factors: AdjustFactor[] = [...factorsOfEvent(10 * DAY, 4, 0), ...factorsOfEvent(20 * DAY, 1, 0.5)];

describe('adjustPrice (contract §4.12)', () => {
  it('leaves prices alone with none', () => {
    expect(adjustPrice(100, 0, factors, 'none')).toBe(100);
  });

  it('forward-adjusts with the factors after the K-line, oldest first', () => {
    // Before both events: (400 / 4) then minus 0.5.
    expect(adjustPrice(400, 5 * DAY, factors, 'forward')).toBeCloseTo(99.5, 12);
    // On the split day itself the split has happened: only the dividend applies.
    expect(adjustPrice(100, 10 * DAY, factors, 'forward')).toBeCloseTo(99.5, 12);
    expect(adjustPrice(100, 25 * DAY, factors, 'forward')).toBe(100);
  });

  it('backward-adjusts with the factors at or before the K-line, newest first', () => {
    // After both: (p + 0.5) first, then × 4.
    expect(adjustPrice(99.5, 25 * DAY, factors, 'backward')).toBeCloseTo(400, 12);
    expect(adjustPrice(100, 10 * DAY, factors, 'backward')).toBe(400);
    expect(adjustPrice(400, 5 * DAY, factors, 'backward')).toBe(400);
  });

  it('orders factors by time whatever order they arrive in', () => {
    const shuffled = [...factors].reverse();
    expect(adjustPrice(400, 5 * DAY, shuffled, 'forward')).toBe(adjustPrice(400, 5 * DAY, factors, 'forward'));
  });

  it('rounds adjusted prices to four decimals, half away from zero', () => {
    expect(roundAdjusted(1.23455)).toBe(1.2346);
    expect(roundAdjusted(-1.23455)).toBe(-1.2346);
    expect(roundAdjusted(10 / 3)).toBe(3.3333);
  });
});
