/**
 * The two values a condition compares, bar by bar: its line and what it is against (a level, or
 * another line), from the library's own streams. One stream per indicator and parameters, shared
 * by its lines (MACD's DIF against its DEA runs one MACD). A stream holds O(period) state and steps
 * in O(period) at most (indicator.ts): a completed bar is pushed once, the forming bar is peeked,
 * which leaves the stream as it was, so no history is kept or recomputed.
 */
import type { Bar, IndicatorStream } from '../indicators/indicator.ts';
import { indicatorIdentity, type IndicatorCondition, type LineRef } from './indicator-condition.ts';
import { INDICATOR_FACTORIES } from './indicator-condition-factories.ts';

export interface LineValues {
  /** undefined while the line's indicator warms up. */
  line: number | undefined;
  against: number | undefined;
}

type Values = readonly (number | undefined)[];
type Read = (bar: Bar, values: readonly Values[]) => number | undefined;

export class ConditionLines {
  private readonly streams: IndicatorStream[] = [];
  private readonly identities: string[] = [];
  private readonly readLine: Read;
  private readonly readAgainst: Read;

  /** `condition` must be valid (indicatorConditionIssues): a factory throws on parameters out of its range. */
  constructor(condition: IndicatorCondition) {
    this.readLine = this.reader(condition.line);
    const { against } = condition;
    this.readAgainst = against.kind === 'level' ? () => against.value : this.reader(against.line);
  }

  /** The values after `bar`, a completed bar: the streams move past it. */
  push(bar: Bar): LineValues {
    return this.step(bar, true);
  }

  /** The values if the forming bar closed as `bar` now: the streams stay where they are. */
  peek(bar: Bar): LineValues {
    return this.step(bar, false);
  }

  private step(bar: Bar, commit: boolean): LineValues {
    // Each stream's array is its own until its next call: read before stepping it again.
    const values = this.streams.map((stream) => (commit ? stream.push(bar) : stream.peek(bar)));
    return { line: this.readLine(bar, values), against: this.readAgainst(bar, values) };
  }

  private reader(ref: LineRef): Read {
    if (ref.source === 'price') {
      const { field } = ref;
      return (bar) => bar[field];
    }
    const identity = indicatorIdentity(ref);
    let slot = this.identities.indexOf(identity);
    const indicator = INDICATOR_FACTORIES[ref.indicator](ref.params, 0);
    if (slot < 0) {
      slot = this.streams.push(indicator.stream()) - 1;
      this.identities.push(identity);
    }
    // The built indicator is the truth about its outputs (the condition's table only mirrors it).
    const output = indicator.outputs.findIndex((entry) => entry.key === ref.output);
    if (output < 0) throw new RangeError(`${indicator.label} has no output "${ref.output}"`);
    return (_bar, values) => values[slot]?.[output];
  }
}

/** Long enough for any parameters the catalog allows (Ichimoku's span B 500 drawn 500 bars later). */
const WARM_UP_LIMIT = 5_000;

/** A bar of a series that moves every bar and trades every bar: nothing stays undefined for want of data. */
function probeBar(index: number): Bar {
  const close = 100 + (index % 7) - 3;
  return { open: close, high: close + 1, low: close - 1, close, volume: 1, time: index * 60 };
}

/**
 * How many completed bars the condition's lines need before both have values: the history to hand
 * the evaluator so that the first bar fed after it can already fire. Measured on the library's own
 * streams, so it holds for every kind and parameter; it does not depend on the prices. Exact
 * windows (MA, WMA, Bollinger, stochastic, CCI, %R, Ichimoku) then equal the chart's values; the
 * smoothed ones (EMA, MACD, RSI, ATR, DMI, KDJ, SAR) and the cumulative OBV keep some memory of
 * where they started, and want more (see the evaluator's header).
 */
export function warmUpBars(condition: IndicatorCondition): number {
  const lines = new ConditionLines(condition);
  for (let index = 0; index < WARM_UP_LIMIT; index += 1) {
    const { line, against } = lines.push(probeBar(index));
    if (line !== undefined && against !== undefined) return index + 1;
  }
  throw new RangeError(`the condition's lines have no value after ${String(WARM_UP_LIMIT)} bars`);
}
