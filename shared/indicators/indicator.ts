/**
 * One interface for every technical indicator: a descriptor (key, pane, colours, parameters) and a
 * stream that takes one bar at a time. The chart adapter draws from the descriptor alone and the
 * tracker feeds the stream; the full computation over a series is a fold of the stream (fold.ts).
 * Adding an indicator is one module beside this one that returns an Indicator (and exports it as
 * `create`, an IndicatorFactory), a kind in kinds.ts, a row in catalog.ts and its words in the app's
 * src/lib/indicator-catalog.ts.
 *
 * Why ours and not a library (issue 14; each bundled alike, esbuild, minified, brotli; Achelis'
 * tables as in library.test.ts): trading-signals 8.3 streams too (add/replace) but its chunk per
 * indicator is 1.5–2.3× ours (KDJ 1.17 KiB against 0.80, ATR 0.92 against 0.40), a forming-candle
 * tick costs 3–19× ours (Stoch 3.4 µs against 0.6, ATR 18.8 against 1.0) and its PSAR misses the
 * table by 6.4; indicatorts 2.2 and @ixjb94/indicators 1.2 (Tulip's port: as exact as ours) take
 * whole arrays, so each tick recomputes the series (ATR over 5,000 candles 625 and 58 µs), and
 * indicatorts' ATR (SMA, not Wilder's) and CCI miss the tables by 0.05 and 24.
 */

/** What a stream reads from a candle (close for most; VWAP-like ones want the rest). */
export interface Bar {
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
  /** Seconds on the chart's clock (its wall-clock time): session-anchored indicators (VWAP) read the day. */
  time?: number;
}

/** Values of one output over the candles: `undefined` while the indicator warms up. */
export type IndicatorSeries = Array<number | undefined>;

/**
 * The colour of an output, as a role the chart's palette resolves per theme: moving averages take
 * the next colour of one cycle; `sign` colours a histogram bar by its sign.
 */
export type IndicatorColour = { average: number } | { css: string } | 'band' | 'macd' | 'signal' | 'oscillator' | 'sign';

export interface IndicatorOutput {
  /** Stable within the indicator, e.g. "upper". */
  key: string;
  draw: 'line' | 'dashed' | 'histogram';
  colour: IndicatorColour;
}

/**
 * Where an indicator is drawn: over the candles, on the price's own scale (and so its percent or
 * log base), or in a pane of its own with its own scale.
 */
export type IndicatorPane =
  | { kind: 'price' }
  /** On the volume's pane and scale (a moving average of the volume). */
  | { kind: 'volume' }
  | {
      kind: 'own';
      /** Decimals of its scale: the price's plus `extra` (a difference of prices), or a fixed count. */
      decimals: { extra: number } | { fixed: number };
      /** A fixed scale (an oscillator's 0–100) instead of fitting the values. */
      range?: { min: number; max: number };
      /** Dotted levels across the pane (RSI's 30 and 70). */
      guides?: readonly number[];
    };

/**
 * The streaming form: `push` appends a bar and returns the values there (one per output, in the
 * descriptor's order); `peek` returns what `push` would without appending (the forming candle
 * moves until the next one opens). The returned array belongs to the stream and is overwritten by
 * its next call. Each step costs O(period) at most.
 */
export interface IndicatorStream {
  push(bar: Bar): readonly (number | undefined)[];
  peek(bar: Bar): readonly (number | undefined)[];
}

export interface Indicator {
  /** Stable identity, e.g. "ma-20", "bb-20-2". */
  key: string;
  /** For people: "MA 20", "Bollinger 20, 2". */
  label: string;
  params: Readonly<Record<string, number>>;
  pane: IndicatorPane;
  outputs: readonly IndicatorOutput[];
  /** A fresh stream at the start of a series. */
  stream(): IndicatorStream;
}

export function checkPeriod(period: number, name = 'period'): void {
  if (!Number.isInteger(period) || period < 1) throw new RangeError(`${name} must be a positive integer, got ${String(period)}`);
}

/**
 * A stream as one step that commits its new state or not, over one number per bar (a close, or
 * another stream's value, which may still be undefined).
 */
export abstract class Stepper<T> {
  protected abstract step(value: number | undefined, commit: boolean): T;
  push(value: number | undefined): T {
    return this.step(value, true);
  }
  peek(value: number | undefined): T {
    return this.step(value, false);
  }
  /** `push` when `commit`, else `peek`. */
  advance(value: number | undefined, commit: boolean): T {
    return this.step(value, commit);
  }
}

/** An IndicatorStream from a step over whole bars that writes its outputs into `out`. */
export function barStream(step: (bar: Bar, commit: boolean, out: (number | undefined)[]) => void, outputs: number): IndicatorStream {
  const out = new Array<number | undefined>(outputs).fill(undefined);
  return {
    push(bar) {
      step(bar, true, out);
      return out;
    },
    peek(bar) {
      step(bar, false, out);
      return out;
    },
  };
}

/** An IndicatorStream over the bars' closes, from a stepper that writes its outputs into `out`. */
export function closeStream(step: (close: number, commit: boolean, out: (number | undefined)[]) => void, outputs: number): IndicatorStream {
  return barStream((bar, commit, out) => {
    step(bar.close, commit, out);
  }, outputs);
}

/** What the picker stores of an indicator: its parameters by name (each module reads its own). */
export type IndicatorParams = Readonly<Record<string, number>>;

/**
 * What each indicator module exports: its indicator for `params` (missing ones take the module's
 * defaults). `average` is the colour slot of a moving average among the chart's others.
 */
export type IndicatorFactory = (params: IndicatorParams, average: number) => Indicator;

/** A moving average of the closes on the price pane, one line: MA and EMA differ only in these. */
export interface MovingAverageKind {
  /** Key prefix, e.g. "ma" → "ma-20". */
  prefix: string;
  /** Label prefix, e.g. "MA" → "MA 20". */
  name: string;
  draw: IndicatorOutput['draw'];
  stepper: (period: number) => Stepper<number | undefined>;
}

export function movingAverage(kind: MovingAverageKind, period: number, colour: IndicatorColour): Indicator {
  checkPeriod(period);
  return {
    key: `${kind.prefix}-${String(period)}`,
    label: `${kind.name} ${String(period)}`,
    params: { period },
    pane: { kind: 'price' },
    outputs: [{ key: 'value', draw: kind.draw, colour }],
    stream() {
      const stepper = kind.stepper(period);
      return closeStream((close, commit, out) => {
        out[0] = commit ? stepper.push(close) : stepper.peek(close);
      }, 1);
    },
  };
}
