import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { coordinateOfLogical, indexOfTime, logicalOfCoordinate, timeOfIndex, typicalSpacing } from './time-position';

const DAY = 86_400;
// Mon–Fri, then Mon–Tue: a weekend gap in the middle.
const weekdays = [0, 1, 2, 3, 4, 7, 8].map((d) => 1_700_000_000 + d * DAY);

describe('time position among candles', () => {
  it('puts a candle time on its index and a time between two candles in proportion', () => {
    expect(indexOfTime(weekdays, weekdays[2] as number)).toBe(2);
    expect(indexOfTime(weekdays, (weekdays[4] as number) + 1.5 * DAY)).toBeCloseTo(4.5);
  });

  it('continues right of the last candle and left of the first at the usual spacing, not the weekend gap', () => {
    expect(typicalSpacing(weekdays)).toBe(DAY);
    expect(indexOfTime(weekdays, (weekdays[6] as number) + 3 * DAY)).toBe(9);
    expect(indexOfTime(weekdays, (weekdays[0] as number) - 2 * DAY)).toBe(-2);
  });

  it('answers nothing without candles', () => {
    expect(indexOfTime([], 5)).toBeUndefined();
    expect(timeOfIndex([], 1)).toBeUndefined();
  });

  it('timeOfIndex inverts indexOfTime anywhere, inside, before and after the candles', () => {
    fc.assert(
      fc.property(fc.double({ min: -50, max: 60, noNaN: true }), (index) => {
        const time = timeOfIndex(weekdays, index) as number;
        expect(indexOfTime(weekdays, time)).toBeCloseTo(index, 6);
      }),
    );
  });
});

describe('coordinateOfLogical and logicalOfCoordinate', () => {
  // The library's mapping: whole indexes only, 7 px apart from x 3.5 (a fraction answers 0, as it does).
  const whole = (index: number): number | null => (Number.isInteger(index) ? 3.5 + index * 7 : 0);

  it('places a fraction between its whole neighbours, in the future too', () => {
    expect(coordinateOfLogical(10, whole)).toBe(73.5);
    expect(coordinateOfLogical(10.5, whole)).toBe(77);
    expect(coordinateOfLogical(620.25, whole)).toBeCloseTo(3.5 + 620.25 * 7, 9);
    expect(coordinateOfLogical(-2.5, whole)).toBeCloseTo(3.5 - 2.5 * 7, 9);
  });

  it('reads the fraction back from x, whichever whole index the library gives near it', () => {
    fc.assert(
      fc.property(fc.double({ min: -500, max: 2000, noNaN: true }), fc.integer({ min: -1, max: 1 }), (logical, skew) => {
        const x = coordinateOfLogical(logical, whole);
        if (x === null) throw new Error('no x');
        const near = Math.ceil(logical) + skew;
        expect(logicalOfCoordinate(x, near, whole)).toBeCloseTo(logical, 6);
      }),
    );
  });
});
