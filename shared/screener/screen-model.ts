/**
 * What a screen is: a universe (a market and a product type), a tree of conditions joined by
 * `and` / `or` groups, a sort and an optional limit. A plain JSON value: saved as a workspace
 * record, carried in a link, checked at the trust boundary by screen-schema.ts and evaluated by
 * screen-evaluate.ts over a universe snapshot.
 *
 * Technical conditions read the symbol's daily bars; "the latest bar" is the forming bar when
 * there is one, else the last completed bar. A value that cannot be known (missing stock
 * information, too short a history, a zero divisor) matches no filter and reads as unknown.
 * Two lines computed from the bars (a price and its average, two averages, MACD and its signal)
 * within a billionth of the bar's close of each other are level: neither above nor below.
 */
import type { Market, ProductType } from '#shared/contract.ts';

/**
 * The quote and stock-information figures a filter can compare, all numbers:
 * - price: the last price; change: last − previous close; change-percent: that over the previous close, × 100;
 * - volume, turnover: the day's, as the ticker says;
 * - gap-percent: the opening gap, (open − previous close) ÷ previous close × 100;
 * - from-open-percent: the move since the open, (last − open) ÷ open × 100;
 * - from-high-52w-percent, from-low-52w-percent: (last − the 52-week high or low) ÷ it × 100,
 *   the high and low of the daily bars that started less than 52 weeks before the latest one;
 * - market-cap: last × total shares; pe: last ÷ EPS TTM (unknown when EPS TTM ≤ 0, as the
 *   screeners show no P/E for a loss); dividend-yield: stock information's, in percent.
 */
export const SCREEN_FIELDS = [
  'price',
  'change',
  'change-percent',
  'volume',
  'turnover',
  'gap-percent',
  'from-open-percent',
  'from-high-52w-percent',
  'from-low-52w-percent',
  'market-cap',
  'pe',
  'dividend-yield',
] as const;
export type ScreenField = (typeof SCREEN_FIELDS)[number];

/** above and below are strict; between holds both ends. */
export type Comparison = { op: 'above'; value: number } | { op: 'below'; value: number } | { op: 'between'; min: number; max: number };

export type Side = 'above' | 'below';
/** up: the first line crossed above the second; down: below. */
export type CrossDirection = 'up' | 'down';

export interface FieldCondition {
  kind: 'field';
  field: ScreenField;
  compare: Comparison;
}

/** The stock's board (stock information's `board`) is one of `boards`. */
export interface BoardCondition {
  kind: 'board';
  boards: string[];
}

/** RSI(period) of the daily closes at the latest bar is above or below `value`. */
export interface RsiCondition {
  kind: 'rsi';
  period: number;
  op: Side;
  value: number;
}

/** The latest close is above or below MA(period) of the closes. */
export interface PriceMaCondition {
  kind: 'price-ma';
  period: number;
  op: Side;
}

/**
 * MA(fast) crossed MA(slow) at one of the last `within` bars: at that bar it is strictly above
 * (up) or below (down) and at the bar before it was not. Whether it stayed there is not asked.
 */
export interface MaCrossCondition {
  kind: 'ma-cross';
  fast: number;
  slow: number;
  direction: CrossDirection;
  within: number;
}

/** The MACD line crossed its signal line at one of the last `within` bars (as MaCrossCondition). */
export interface MacdCrossCondition {
  kind: 'macd-cross';
  fast: number;
  slow: number;
  signal: number;
  direction: CrossDirection;
  within: number;
}

/**
 * The latest bar's high (low) is strictly above (below) the highs (lows) of the bars before it in
 * the window: the last `days` bars, or the last 52 weeks. The window holds the history there is,
 * but at least one bar before the latest.
 */
export interface NewExtremeCondition {
  kind: 'new-extreme';
  side: 'high' | 'low';
  days: number | '52w';
}

/** The latest bar's volume is at least `min` × the mean volume of the `period` bars before it. */
export interface VolumeRatioCondition {
  kind: 'volume-ratio';
  period: number;
  min: number;
}

/** ATR(period) ÷ the latest close × 100 is above or below `value`. */
export interface AtrPercentCondition {
  kind: 'atr-percent';
  period: number;
  op: Side;
  value: number;
}

export type LeafCondition =
  | FieldCondition
  | BoardCondition
  | RsiCondition
  | PriceMaCondition
  | MaCrossCondition
  | MacdCrossCondition
  | NewExtremeCondition
  | VolumeRatioCondition
  | AtrPercentCondition;

/** Every condition (and) or any (or). A group without conditions puts no constraint (an empty screen lists the universe). */
export interface ConditionGroup {
  kind: 'group';
  join: 'and' | 'or';
  conditions: ScreenCondition[];
}

export type ScreenCondition = LeafCondition | ConditionGroup;

/** A column of technical values at the latest bar (the technical conditions' own figures). */
export type TechnicalColumn =
  | { kind: 'rsi'; period: number }
  | { kind: 'ma'; period: number }
  | { kind: 'macd'; fast: number; slow: number; signal: number; line: 'macd' | 'signal' }
  | { kind: 'atr-percent'; period: number }
  | { kind: 'volume-ratio'; period: number };

/** A column of the results: a field, the board (text), or a technical value. */
export type ScreenColumn = ScreenField | 'board' | TechnicalColumn;
export type SortColumn = ScreenColumn | 'symbol';

export interface ScreenSort {
  column: SortColumn;
  direction: 'asc' | 'desc';
}

export interface ScreenUniverse {
  market: Market;
  type: ProductType;
}

export interface Screen {
  version: 1;
  universe: ScreenUniverse;
  where: ConditionGroup;
  sort: ScreenSort;
  /** At most this many rows, the first by the sort. */
  limit?: number;
}

/** A stable key of a column, for a row's values and a table's header: "price", "rsi-14", "macd-signal-12-26-9". */
export function columnKey(column: SortColumn): string {
  if (typeof column === 'string') return column;
  switch (column.kind) {
    case 'macd':
      return `${column.line === 'macd' ? 'macd' : 'macd-signal'}-${column.fast}-${column.slow}-${column.signal}`;
    default:
      return `${column.kind}-${column.period}`;
  }
}

/** The leaves of a condition tree, depth first. */
export function* leavesOf(condition: ScreenCondition): Generator<LeafCondition> {
  if (condition.kind !== 'group') yield condition;
  else for (const inner of condition.conditions) yield* leavesOf(inner);
}
