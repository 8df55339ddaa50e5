/**
 * Evaluates one indicator condition on the bars of its interval, for one symbol: the server's
 * evaluator keeps one per alert and feeds it from its K-line feed. Pure: no timers, no I/O.
 *
 * - The history (completed bars, oldest first) only sets the memory: what it crossed is past. Hand
 *   it at least `warmUpBars(condition)` bars (indicator-condition-lines.ts), so that the first bar
 *   after it can fire. Exact windows (MA, WMA, Bollinger, stochastic, CCI, %R, Ichimoku) then read
 *   as the chart does; smoothed ones (EMA, MACD, RSI, ATR, DMI, KDJ, SAR) only once their start has
 *   faded: give about 7 × their longest period more (Wilder's weight of the start is under 0.1 %
 *   after 7 periods; measured on a random walk, RSI 14 agrees with a long history to 0.1 % of its
 *   scale after 72 bars, MACD 12 26 9 after 107, DMI 14 after 120). OBV's level depends on where it starts:
 *   against a level, give it as many bars as the chart loads.
 * - `closeBar` with each completed bar, in order (an older or repeated bar is ignored); in 'tick'
 *   mode `tick` with each price of the forming bar, after the previous bar was closed (a price
 *   inside a bar already closed, or older than one seen, is ignored).
 * - On 'bar-close' the pair of values of each completed bar is compared with the previous one's.
 *   On 'tick' each price is evaluated as the forming bar's close (its open, high and low as the
 *   prices seen since the last completed bar drew them, its volume 0, or as the feed's forming
 *   K-line says: VWAP, OBV and the volume's MA see its volume only then), and the memory follows
 *   the prices; the condition fires once per bar at most (TradingView's "once
 *   per bar"): the first time it fires in the bar; what it would fire again in that bar, its close
 *   included, is consumed. A bar whose prices were not seen still fires at its close.
 * - Nothing is recomputed: the library's streams push each completed bar once and peek the forming
 *   one (indicator.ts), O(period) per step at most; no bars are kept.
 */
import type { Candle } from '../candle.ts';
import type { Bar } from '../indicators/indicator.ts';
import { INTERVAL_MS } from '../interval-length.ts';
import { timeZoneOffsetMs } from '../time-zone.ts';
import type { Crossing } from './alert-model.ts';
import { indicatorConditionIssues, type IndicatorCondition } from './indicator-condition.ts';
import { ConditionLines, type LineValues } from './indicator-condition-lines.ts';
import { ConditionTrigger } from './indicator-condition-trigger.ts';

export interface IndicatorConditionEvent {
  /** ms UTC: the bar's start for a completed bar, the price's time for a tick. */
  time: number;
  /** The line's value there. */
  value: number;
  /** The level, or the other line's value there. */
  against: number;
  /** The bar's close, or the tick's price. */
  price: number;
  crossing: Crossing;
}

/** What the feed knows of the forming bar besides its latest price (its latest K-line). */
export type FormingBar = Pick<Candle, 'open' | 'high' | 'low' | 'volume'>;

export interface EvaluatorOptions {
  /** The market's zone: VWAP's sessions are its days. UTC when absent. */
  timeZone?: string;
}

const finite = (...values: number[]): boolean => values.every(Number.isFinite);

export class IndicatorConditionEvaluator {
  private readonly lines: ConditionLines;
  private readonly trigger: ConditionTrigger;
  private readonly timeZone: string;
  private lastBarTime = -Infinity;
  private lastTickTime = -Infinity;
  /** The forming bar as its prices drew it, since the last completed bar. */
  private forming: FormingBar | undefined;
  private firedThisBar = false;

  /** Throws a RangeError naming what is wrong with an invalid `condition`. */
  constructor(
    readonly condition: IndicatorCondition,
    history: readonly Candle[],
    options: EvaluatorOptions = {},
  ) {
    const issues = indicatorConditionIssues(condition);
    if (issues.length > 0) throw new RangeError(`invalid indicator condition: ${issues.join('; ')}`);
    this.lines = new ConditionLines(condition);
    this.trigger = new ConditionTrigger(condition.operator);
    this.timeZone = options.timeZone ?? 'UTC';
    for (const candle of history) this.closeBar(candle);
  }

  /** A completed bar of the condition's interval: the event it fires, if any. */
  closeBar(candle: Candle): IndicatorConditionEvent | undefined {
    const { open, high, low, close, volume, time } = candle;
    if (!finite(open, high, low, close, volume, time) || time <= this.lastBarTime) return undefined;
    this.lastBarTime = time;
    const fired = this.evaluate(this.lines.push(this.toBar(candle, time)), time, close);
    const again = this.firedThisBar;
    this.firedThisBar = false;
    this.forming = undefined;
    return again ? undefined : fired;
  }

  /** The forming bar's latest `price` at `time` (ms UTC); only on 'tick'. */
  tick(price: number, time: number, forming?: FormingBar): IndicatorConditionEvent | undefined {
    if (this.condition.on !== 'tick' || !finite(price, time) || time < this.lastTickTime || this.inClosedBar(time)) return undefined;
    this.lastTickTime = time;
    const given = forming && finite(forming.open, forming.high, forming.low, forming.volume) ? forming : undefined;
    const base = given ?? this.forming ?? { open: price, high: price, low: price, volume: 0 };
    this.forming = { open: base.open, high: Math.max(base.high, price), low: Math.min(base.low, price), volume: base.volume };
    const fired = this.evaluate(this.lines.peek(this.toBar({ ...this.forming, close: price }, time)), time, price);
    if (fired === undefined || this.firedThisBar) return undefined;
    this.firedThisBar = true;
    return fired;
  }

  /** The pair's event if it fires the operator (the memory moves either way). */
  private evaluate({ line, against }: LineValues, time: number, price: number): IndicatorConditionEvent | undefined {
    if (line === undefined || against === undefined) return undefined;
    const crossing = this.trigger.observe(line, against);
    return crossing && { time, value: line, against, price, crossing };
  }

  /** A price from the last completed bar's period (or before): late, not the forming bar's. */
  private inClosedBar(time: number): boolean {
    const length = INTERVAL_MS[this.condition.interval];
    // Months differ in length: without one, only a time up to the bar's start is known to be its.
    return length === undefined ? time <= this.lastBarTime : time < this.lastBarTime + length;
  }

  /** The library reads a bar's time as seconds on the market's wall clock (VWAP's day). */
  private toBar(fields: Omit<Bar, 'time'>, time: number): Bar {
    const { open, high, low, close, volume } = fields;
    return { open, high, low, close, volume, time: (time + timeZoneOffsetMs(time, this.timeZone)) / 1000 };
  }
}
