/** What the chart panel, the canvas and the early chart (drawn before React) agree on. */
import type { Interval, ProductType } from '#shared/contract.ts';
import type { DisplayZone } from '../../lib/time-mapper';
import type { TimeAxis } from './chart-adapter';

const INTRADAY: ReadonlySet<Interval> = new Set(['1m', '3m', '5m', '15m', '30m', '1h', '2h', '4h']);

/** Identity of a series (symbol, type, interval): a change opens a fresh view. */
export function chartDataset(symbol: string, type: ProductType | undefined, interval: Interval): string {
  return `${symbol}|${type ?? ''}|${interval}`;
}

/** The axis of an interval's candles in a display zone. */
export function timeAxisOf(interval: Interval, zone: DisplayZone, marketTimeZone: string): TimeAxis {
  return { zone, marketTimeZone, intraday: INTRADAY.has(interval), periodic: interval === '1w' || interval === '1M' };
}
