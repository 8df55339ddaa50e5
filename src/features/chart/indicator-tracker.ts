/**
 * Indicator values for a series whose last candle is live: `reset` folds every indicator's stream
 * over the candles, keeping each stream just before the last one; `setLast` (the forming candle
 * moved) and `append` (a new one opened) then cost O(period). Values come back per indicator, one
 * column per output in the descriptor's order, for the same `indicators` the drawing is built from.
 */
import { foldInto } from '#shared/indicators/fold.ts';
import type { Bar, Indicator, IndicatorSeries, IndicatorStream } from '#shared/indicators/indicator.ts';

export interface IndicatorValues {
  indicator: Indicator;
  /** One per output: over every candle after reset, the last candle's value only after a live step. */
  columns: IndicatorSeries[];
}

export class IndicatorTracker {
  private streams: IndicatorStream[];
  private pending: Bar | undefined;

  constructor(readonly indicators: readonly Indicator[]) {
    this.streams = indicators.map((indicator) => indicator.stream());
  }

  /** Every value over `bars` (the last one live). */
  reset(bars: readonly Bar[]): IndicatorValues[] {
    this.streams = this.indicators.map((indicator) => indicator.stream());
    this.pending = bars.at(-1);
    return this.indicators.map((indicator, i) => {
      const columns = indicator.outputs.map(() => new Array<number | undefined>(bars.length));
      foldInto(this.streams[i] as IndicatorStream, bars, columns, true);
      return { indicator, columns };
    });
  }

  /** The last candle changed. */
  setLast(bar: Bar): IndicatorValues[] {
    if (this.pending === undefined) return this.append(bar);
    this.pending = bar;
    return this.peek(bar);
  }

  /** A new last candle after the current one. */
  append(bar: Bar): IndicatorValues[] {
    if (this.pending !== undefined) for (const stream of this.streams) stream.push(this.pending);
    this.pending = bar;
    return this.peek(bar);
  }

  private peek(bar: Bar): IndicatorValues[] {
    return this.indicators.map((indicator, i) => {
      const values = (this.streams[i] as IndicatorStream).peek(bar);
      return { indicator, columns: indicator.outputs.map((_, o) => [values[o]]) };
    });
  }
}
