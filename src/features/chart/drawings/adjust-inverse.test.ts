import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { adjustPrice, factorsOfEvent, type AdjustFactor } from '#shared/adjust.ts';
import { priceMapping, unadjustPrice } from './adjust-inverse';

const event = fc
  .record({
    timestamp: fc.integer({ min: 0, max: 2_000_000_000_000 }),
    ratio: fc.constantFrom(0.5, 1, 2, 3, 4, 10),
    dividend: fc.double({ min: 0, max: 5, noNaN: true }),
  })
  .map(({ timestamp, ratio, dividend }) => factorsOfEvent(timestamp, ratio, dividend));
const factors = fc.array(event, { maxLength: 5 }).map((pairs): AdjustFactor[] => pairs.flat());
const time = fc.integer({ min: 0, max: 2_100_000_000_000 });
const price = fc.double({ min: 0.01, max: 100_000, noNaN: true });
const direction = fc.constantFrom('none', 'forward', 'backward' as const);

describe('unadjustPrice', () => {
  it('undoes adjustPrice for any factors, time and direction', () => {
    fc.assert(
      fc.property(price, time, factors, direction, (raw, at, list, dir) => {
        const back = unadjustPrice(adjustPrice(raw, at, list, dir), at, list, dir);
        expect(back).toBeCloseTo(raw, 6);
      }),
    );
  });

  it('is undone by adjustPrice (drawing under adjustment stores a raw price that shows where it was drawn)', () => {
    fc.assert(
      fc.property(price, time, factors, direction, (shown, at, list, dir) => {
        expect(adjustPrice(unadjustPrice(shown, at, list, dir), at, list, dir)).toBeCloseTo(shown, 6);
      }),
    );
  });

  it('halves a price before a 2-for-1 split under forward adjustment, and back', () => {
    const split = factorsOfEvent(1_000, 2, 0);
    expect(adjustPrice(100, 500, split, 'forward')).toBe(50);
    expect(unadjustPrice(50, 500, split, 'forward')).toBe(100);
    // After the split nothing changes forward.
    expect(unadjustPrice(50, 2_000, split, 'forward')).toBe(50);
  });
});

describe('priceMapping', () => {
  const split = factorsOfEvent(1_000, 2, 0);
  it('maps through the factors when the browser adjusted', () => {
    const mapping = priceMapping(split, 'forward', true);
    expect(mapping.toShown(100, 0)).toBe(50);
    expect(mapping.toRaw(50, 0)).toBe(100);
  });
  it('draws as stored when the server adjusted (factors unknown)', () => {
    const mapping = priceMapping(split, 'forward', false);
    expect(mapping.toShown(100, 0)).toBe(100);
    expect(mapping.toRaw(100, 0)).toBe(100);
  });
});
