import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chartPalette } from './chart-palette';
import { computeIndicators, IndicatorTracker, type IndicatorValues } from './indicator-data';

const palette = chartPalette('dark', 'green-up');
const everything = { ma: [1, 3, 20], ema: [2, 9], bollinger: true, macd: true, rsi: true };
const price = fc.double({ min: 1, max: 1_000, noNaN: true, noDefaultInfinity: true });
/** A live step: the forming candle's close moves, or a new candle opens at that close. */
const step = fc.record({ open: fc.boolean(), close: price });

/** Every series of `values` at `index`, in one flat list (undefined kept). */
function at(values: IndicatorValues, index: number): (number | undefined)[] {
  return [
    ...values.overlays.map((overlay) => overlay.values[index]),
    values.macd?.macd[index],
    values.macd?.signal[index],
    values.macd?.histogram[index],
    values.rsi?.[index],
  ];
}

describe('IndicatorTracker', () => {
  it('computes on reset exactly what computeIndicators computes', () => {
    fc.assert(
      fc.property(fc.array(price, { maxLength: 80 }), (closes) => {
        const tracker = new IndicatorTracker(everything, palette);
        expect(tracker.reset(closes)).toEqual(computeIndicators(closes, everything, palette));
      }),
    );
  });

  it('gives after any live steps exactly the last values of the full computation', () => {
    fc.assert(
      fc.property(fc.array(price, { maxLength: 60 }), fc.array(step, { maxLength: 60 }), (history, steps) => {
        const tracker = new IndicatorTracker(everything, palette);
        tracker.reset(history);
        const closes = [...history];
        for (const { open, close } of steps) {
          let tail: IndicatorValues;
          if (open || closes.length === 0) {
            closes.push(close);
            tail = tracker.append(close);
          } else {
            closes[closes.length - 1] = close;
            tail = tracker.setLast(close);
          }
          expect(at(tail, 0)).toEqual(at(computeIndicators(closes, everything, palette), closes.length - 1));
        }
      }),
    );
  });

  it('starts over on a second reset', () => {
    const tracker = new IndicatorTracker({ ma: [2], ema: [], bollinger: false, macd: false, rsi: false }, palette);
    tracker.reset([1, 2, 3]);
    tracker.append(10);
    expect(tracker.reset([5, 7]).overlays[0]?.values).toEqual([undefined, 6]);
    expect(tracker.setLast(9).overlays[0]?.values).toEqual([7]);
  });
});
