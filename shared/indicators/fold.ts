/** The full computation of an indicator over a series: a fold of its stream. */
import type { Bar, Indicator, IndicatorSeries, IndicatorStream } from './indicator.ts';

/**
 * Runs `stream` over `bars`, writing each bar's values into `columns` (one per output) from
 * index `at`. With `holdLast` the last bar is only peeked: the stream stays before it, ready for
 * that candle to move (the forming candle) or be followed by a new one.
 */
export function foldInto(stream: IndicatorStream, bars: readonly Bar[], columns: IndicatorSeries[], holdLast = false): void {
  const last = bars.length - 1;
  for (let i = 0; i <= last; i++) {
    const bar = bars[i] as Bar;
    const values = holdLast && i === last ? stream.peek(bar) : stream.push(bar);
    for (let o = 0; o < columns.length; o++) (columns[o] as IndicatorSeries)[i] = values[o];
  }
}

/** Every value of `indicator` over `bars`: one column per output, as long as `bars`. */
export function computeIndicator(indicator: Indicator, bars: readonly Bar[]): IndicatorSeries[] {
  const columns = indicator.outputs.map(() => new Array<number | undefined>(bars.length));
  foldInto(indicator.stream(), bars, columns);
  return columns;
}
