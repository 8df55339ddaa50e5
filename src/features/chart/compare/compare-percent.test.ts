import { describe, expect, it } from 'vitest';
import { baseBarIndex, lineBase, percentFrom } from './compare-percent';

describe('percent from the first visible bar', () => {
  it('measures from the bar the library does: the floor of the visible range’s start, in the window', () => {
    expect(baseBarIndex(10.4, 100, 500)).toBe(110);
    expect(baseBarIndex(-3.2, 100, 500)).toBe(100);
    expect(baseBarIndex(450, 100, 500)).toBe(499);
    expect(baseBarIndex(0, 0, 0)).toBeUndefined();
  });

  it('measures a line whose market was closed on that bar from its next value', () => {
    expect(lineBase([undefined, undefined, 4, 5], 1)).toBe(4);
    expect(lineBase([1, undefined, undefined], 1)).toBeUndefined();
    expect(lineBase([1, 2, 3], 0)).toBe(1);
  });

  it('is 0 at the base and the change relative to it elsewhere', () => {
    expect(percentFrom(50, 50)).toBe(0);
    expect(percentFrom(55, 50)).toBeCloseTo(10, 10);
    expect(percentFrom(40, 50)).toBeCloseTo(-20, 10);
    expect(percentFrom(undefined, 50)).toBeUndefined();
    expect(percentFrom(50, undefined)).toBeUndefined();
  });
});
