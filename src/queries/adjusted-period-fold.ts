/**
 * Weekly and monthly candles under an adjustment, folded from adjusted daily candles wherever a
 * corporate action falls inside the period. §4.12's per-bar rule adjusts a whole week or month by
 * the factors after its start, so the days after a split inside it are divided again (NVDA's 4:1
 * split drew a −75 % July 2021). Adjusting each day and folding the days gives the candle the
 * adjusted daily chart implies. A period with no action inside is left as the rule gives it: there
 * both agree, since every day takes the period's factors and a positive scale keeps the highest
 * high highest.
 */
import type { AdjustDirection, AdjustFactor } from '#shared/adjust.ts';
import type { Candle } from '#shared/candle.ts';
import { adjustCandles, aggregateCandles } from '../lib/candles';

const DAY_MS = 86_400_000;
/** Daily windows are aligned on this grid, so a window's key does not move as history grows. */
const WINDOW_MS = 1_000 * DAY_MS;
/** A period starting inside a window ends within this after it (a month is at most 31 days). */
const WINDOW_TAIL_MS = 32 * DAY_MS;

export interface DailyWindow {
  startTime: number;
  endTime: number;
}

/** A completed candle with an action inside: its index and its days' span [start, end). */
export interface ActionPeriod {
  index: number;
  start: number;
  end: number;
}

/**
 * Candles of `candles` (ascending) with an action time after their start and before the next
 * candle's. The last candle (the forming one) has no known end and is left as the rule gives it.
 */
export function actionPeriods(candles: readonly Candle[], factors: readonly AdjustFactor[]): ActionPeriod[] {
  const times = factors.map((factor) => factor.timestamp);
  const periods: ActionPeriod[] = [];
  for (let index = 0; index + 1 < candles.length; index++) {
    const start = candles[index]?.time ?? 0;
    const end = candles[index + 1]?.time ?? 0;
    if (times.some((time) => time > start && time < end)) periods.push({ index, start, end });
  }
  return periods;
}

/**
 * Daily windows [startTime, endTime] holding the days of every period with an action: one per grid cell a period holding an action can start in (an action's cell, and the one
 * a month before it), each under 800 trading days (one request of 1,000 K-lines at most).
 */
export function dailyWindows(factors: readonly AdjustFactor[]): DailyWindow[] {
  const cells = new Set<number>();
  for (const { timestamp } of factors) {
    cells.add(Math.floor(timestamp / WINDOW_MS));
    cells.add(Math.floor((timestamp - WINDOW_TAIL_MS) / WINDOW_MS));
  }
  return [...cells].sort((a, b) => a - b).map((cell) => ({ startTime: cell * WINDOW_MS, endTime: (cell + 1) * WINDOW_MS + WINDOW_TAIL_MS }));
}

/**
 * `candles` (adjusted by the rule) with each period of `periods` replaced by the fold of its raw
 * `dailies` adjusted one by one, at `decimals`. A period whose days are not loaded yet stays.
 */
export function foldActionPeriods(
  candles: readonly Candle[],
  periods: readonly ActionPeriod[],
  dailies: readonly Candle[],
  factors: readonly AdjustFactor[],
  direction: AdjustDirection,
  decimals?: number,
): Candle[] {
  const result = candles.slice();
  for (const { index, start, end } of periods) {
    const days = dailies.filter((day) => day.time >= start && day.time < end);
    // One bucket wider than any history: the days folded as aggregateCandles folds 1m into 3m.
    const [folded] = aggregateCandles(adjustCandles(days, factors, direction, decimals), Number.MAX_SAFE_INTEGER);
    if (folded) result[index] = { ...folded, time: start };
  }
  return result;
}
