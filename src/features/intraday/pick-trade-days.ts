/**
 * The trading days of the five-day view: the last day (the intraday line's, or the latest trading
 * day) and the ones before it from the trading calendar, plus the day before those for the first
 * day's previous close. Pure.
 */
import { addDaysYmd } from '#shared/time-zone.ts';
import type { DayKind } from '../../lib/trade-days';
import type { TradeDay } from './five-day';

/** The longest walk back over holidays and weekends. */
const MAX_LOOKBACK_DAYS = 40;

export interface PickedDays {
  /** Ascending, the last day included; fewer than asked when the calendar runs out. */
  days: TradeDay[];
  before?: TradeDay;
}

/** The latest trading day at or before `ymd`; undefined when the calendar does not reach one. */
export function latestTradeDay(kindOf: (ymd: string) => DayKind, ymd: string): string | undefined {
  for (let back = 0, day = ymd; back <= MAX_LOOKBACK_DAYS; back++, day = addDaysYmd(day, -1)) {
    const kind = kindOf(day);
    if (kind === 'full' || kind === 'half') return day;
    if (kind === 'unknown' && back > 0) return undefined;
  }
  return undefined;
}

/**
 * `count` trading days ending with `lastDay` (taken as trading even when the calendar does not
 * cover it: it has lines), walking back over closed days; 'unknown' days end the walk.
 */
export function pickTradeDays(kindOf: (ymd: string) => DayKind, lastDay: string, count: number): PickedDays {
  const found: TradeDay[] = [{ ymd: lastDay, half: kindOf(lastDay) === 'half' }];
  let day = lastDay;
  for (let back = 0; back < MAX_LOOKBACK_DAYS && found.length < count + 1; back++) {
    day = addDaysYmd(day, -1);
    const kind = kindOf(day);
    if (kind === 'unknown') break;
    if (kind === 'full' || kind === 'half') found.push({ ymd: day, half: kind === 'half' });
  }
  const days = found.slice(0, count).reverse();
  const before = found.length > count ? found[count] : undefined;
  return before ? { days, before } : { days };
}
