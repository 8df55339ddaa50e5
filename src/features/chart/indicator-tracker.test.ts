import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeIndicator } from '#shared/indicators/fold.ts';
import type { Bar } from '#shared/indicators/indicator.ts';
import { bollinger } from '#shared/indicators/bollinger.ts';
import { ema } from '#shared/indicators/ema.ts';
import { macd } from '#shared/indicators/macd.ts';
import { rsi } from '#shared/indicators/rsi.ts';
import { sma } from '#shared/indicators/sma.ts';
import { IndicatorTracker, type IndicatorValues } from './indicator-tracker';

// The first five kinds' modules, as the chart has them once loaded.
const everything = [sma(1), sma(3), sma(20), ema(2), ema(9), bollinger(20, 2), macd(12, 26, 9), rsi(14)];
const price = fc.double({ min: 1, max: 1_000, noNaN: true, noDefaultInfinity: true });
const bar = (close: number): Bar => ({ open: close, high: close, low: close, close, volume: 1 });
/** A live step: the forming candle's close moves, or a new candle opens at that close. */
const step = fc.record({ open: fc.boolean(), close: price });

/** The full computation (a fold of each stream from scratch), per indicator. */
const full = (closes: readonly number[]) => everything.map((indicator) => computeIndicator(indicator, closes.map(bar)));
/** Every output of every indicator at `index`, in one flat list. */
const at = (values: IndicatorValues[], index: number) => values.flatMap(({ columns }) => columns.map((column) => column[index]));

describe('IndicatorTracker', () => {
  it('computes on reset exactly what the full computation gives, for the indicators it was built with', () => {
    fc.assert(
      fc.property(fc.array(price, { maxLength: 80 }), (closes) => {
        const values = new IndicatorTracker(everything).reset(closes.map(bar));
        expect(values.map((v) => v.indicator)).toEqual(everything);
        expect(values.map((v) => v.columns)).toEqual(full(closes));
      }),
    );
  });

  it('gives after any live steps exactly the last values of the full computation', () => {
    fc.assert(
      fc.property(fc.array(price, { maxLength: 60 }), fc.array(step, { maxLength: 60 }), (history, steps) => {
        const tracker = new IndicatorTracker(everything);
        tracker.reset(history.map(bar));
        const closes = [...history];
        for (const { open, close } of steps) {
          let tail: IndicatorValues[];
          if (open || closes.length === 0) {
            closes.push(close);
            tail = tracker.append(bar(close));
          } else {
            closes[closes.length - 1] = close;
            tail = tracker.setLast(bar(close));
          }
          const whole = full(closes).flatMap((columns) => columns.map((column) => column[closes.length - 1]));
          expect(at(tail, 0)).toEqual(whole);
        }
      }),
    );
  });

  it('starts over on a second reset', () => {
    const tracker = new IndicatorTracker([sma(2)]);
    tracker.reset([1, 2, 3].map(bar));
    tracker.append(bar(10));
    expect(tracker.reset([5, 7].map(bar))[0]?.columns).toEqual([[undefined, 6]]);
    expect(tracker.setLast(bar(9))[0]?.columns).toEqual([[7]]);
  });
});
