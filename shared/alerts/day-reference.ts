/**
 * The price a day's move is measured from (a "day move" alert): the previous session's close, as
 * the ticker gives it (`prev_close`), or the price its change figures count from (`last_price` −
 * `price_change_24h`; crypto's rolling 24 hours). A push without those fields (most markets' ticker
 * channel) carries none; the HTTP ticker does.
 *
 * A reference holds only for prices of the market day of the ticker that gave it (the day of its
 * data time in the market's zone): a ticker read before the open still carries yesterday's data
 * time, so a new day's price never meets the day before's reference, and the evaluator asks again.
 */
import { addDaysYmd, parseYmd, ymdInZone, zonedTimeToUtc } from '../time-zone.ts';
import { instrumentTimeZone } from '../symbols.ts';

export interface DayReference {
  price: number;
  /** The market day this reference is the start of: from its local midnight (ms UTC)… */
  from: number;
  /** …to the next (exclusive), in the instrument's zone. */
  until: number;
}

/** The ticker fields a reference is read from (HTTP ticker, or a push that has them). */
export interface ReferenceFields {
  last_price: string;
  timestamp: number;
  prev_close?: string | undefined;
  price_change_24h?: string | undefined;
}

function positive(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const value = Number(text);
  return Number.isFinite(value) && value > 0 ? value : undefined;
}

export function dayReferenceOf(fields: ReferenceFields, symbol: string, type: string | undefined): DayReference | undefined {
  let price = positive(fields.prev_close);
  if (price === undefined && fields.price_change_24h !== undefined) {
    const last = Number(fields.last_price);
    const change = Number(fields.price_change_24h);
    price = Number.isFinite(last) && Number.isFinite(change) ? positive(String(last - change)) : undefined;
  }
  if (price === undefined || !Number.isFinite(fields.timestamp)) return undefined;
  const { from, until } = marketDayAround(fields.timestamp, instrumentTimeZone(symbol, type));
  return { price, from, until };
}

/** Per zone, the last day asked: the pushes of a day fall in it, so the zone's arithmetic runs once a day. */
const lastDays = new Map<string, { from: number; until: number }>();

/** The local day holding `time` in `timeZone`, as instants. */
function marketDayAround(time: number, timeZone: string): { from: number; until: number } {
  const last = lastDays.get(timeZone);
  if (last && time >= last.from && time < last.until) return last;
  const found = computeMarketDay(time, timeZone);
  lastDays.set(timeZone, found);
  return found;
}

function computeMarketDay(time: number, timeZone: string): { from: number; until: number } {
  const day = ymdInZone(time, timeZone);
  const midnight = (ymd: string): number => {
    const { year, month, day: date } = parseYmd(ymd) ?? { year: 1970, month: 1, day: 1 };
    return zonedTimeToUtc(year, month, date, 0, 0, timeZone);
  };
  return { from: midnight(day), until: midnight(addDaysYmd(day, 1)) };
}

/** Whether a price at `time` is of the reference's market day. */
export function holdsAt(reference: DayReference, time: number): boolean {
  return time >= reference.from && time < reference.until;
}

export function sameReference(a: DayReference | undefined, b: DayReference | undefined): boolean {
  return a === b || (a !== undefined && b !== undefined && a.price === b.price && a.from === b.from);
}
