/**
 * One indicator of the library (shared/indicators/) kept warm over a symbol's daily bars: its
 * stream after the last completed bar, its outputs at the last `depth` completed bars, and at the
 * forming bar. A completed bar is pushed once; the forming bar is peeked once per forming update
 * (the stream's peek leaves it before that bar), so a warm screen costs O(1) per value.
 */
import type { Bar, Indicator, IndicatorStream } from '#shared/indicators/indicator.ts';
import { atr } from '#shared/indicators/atr.ts';
import { macd } from '#shared/indicators/macd.ts';
import { rsi } from '#shared/indicators/rsi.ts';
import { sma } from '#shared/indicators/sma.ts';
import { volumeMa } from '#shared/indicators/volume-ma.ts';

export interface TrackSpec {
  /** The indicator and its parameters: one track per key and symbol. */
  key: string;
  indicator: () => Indicator;
  /** How many completed bars' values to keep (the crossings look back). */
  depth: number;
}

/** RSI, the moving average of the closes or of the volume, ATR: one output, index 0. */
export const rsiTrack = (period: number, depth = 1): TrackSpec => ({ key: `rsi ${period}`, indicator: () => rsi(period), depth });
export const smaTrack = (period: number, depth = 1): TrackSpec => ({ key: `sma ${period}`, indicator: () => sma(period), depth });
export const atrTrack = (period: number, depth = 1): TrackSpec => ({ key: `atr ${period}`, indicator: () => atr(period), depth });
export const volumeMaTrack = (period: number, depth = 1): TrackSpec => ({ key: `vma ${period}`, indicator: () => volumeMa(period), depth });
/** Outputs as macd.ts orders them. */
export const MACD_LINE = 1;
export const MACD_SIGNAL = 2;
export const macdTrack = (fast: number, slow: number, signal: number, depth = 1): TrackSpec => ({
  key: `macd ${fast} ${slow} ${signal}`,
  indicator: () => macd(fast, slow, signal),
  depth,
});

export class Track {
  private readonly stream: IndicatorStream;
  private readonly outputs: number;
  /** The last `depth` completed bars' values, output by output, a ring; NaN while warming up. */
  private readonly recent: Float64Array;
  private head = 0;
  private count = 0;
  private readonly formingValues: Float64Array;
  private formingStamp = -1;

  constructor(
    spec: TrackSpec,
    bars: readonly Bar[],
    readonly depth: number,
  ) {
    const indicator = spec.indicator();
    this.outputs = indicator.outputs.length;
    this.stream = indicator.stream();
    this.recent = new Float64Array(this.outputs * depth).fill(NaN);
    this.formingValues = new Float64Array(this.outputs).fill(NaN);
    for (const bar of bars) this.push(bar);
  }

  push(bar: Bar): void {
    const values = this.stream.push(bar);
    for (let o = 0; o < this.outputs; o++) this.recent[o * this.depth + this.head] = values[o] ?? NaN;
    this.head = (this.head + 1) % this.depth;
    this.count += 1;
  }

  /** Output `output` at the `back`-th last completed bar (0: the last one). */
  committed(output: number, back: number): number | undefined {
    if (back >= this.depth || back >= this.count) return undefined;
    return defined(this.recent[output * this.depth + ((this.head - 1 - back + 2 * this.depth) % this.depth)]);
  }

  /** Output `output` at the forming `bar`; peeked once per `stamp` (the state's count of forming updates). */
  forming(bar: Bar, stamp: number, output: number): number | undefined {
    if (stamp !== this.formingStamp) {
      const values = this.stream.peek(bar);
      for (let o = 0; o < this.outputs; o++) this.formingValues[o] = values[o] ?? NaN;
      this.formingStamp = stamp;
    }
    return defined(this.formingValues[output]);
  }
}

const defined = (value: number | undefined): number | undefined => (value === undefined || Number.isNaN(value) ? undefined : value);
