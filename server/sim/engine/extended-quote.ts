/**
 * US stocks' extended hours: pre-market 04:00–09:30, post-market 16:00–20:00 (13:00–17:00 on a
 * half day) and overnight 20:00–04:00 ET on the nights before a trading day. Their prices are the
 * instrument's own price path between the regular sessions, so the pre-market drifts from the
 * previous close into the open as it does on the exchange; volume is a thin share of a regular
 * minute's. Each figure is relative to the last regular close before the session.
 */
import type { ExtendedSession } from '#shared/contract.ts';
import { addDaysYmd, ymdInZone } from '#shared/time-zone.ts';
import { getTradingDay, tradingDaysBackward, usExtendedPieces } from '../calendar/venues.ts';
import type { InstrumentModel } from './instrument-model.ts';
import { computeMinuteBlock } from './minute-bars.ts';
import { pieceMinutes } from './day-blocks.ts';
import { MINUTE_MS } from './price-path.ts';

export interface ExtendedQuote {
  session: ExtendedSession;
  /** The price at the minute in progress (its opening price, the path's price at its start). */
  last: number;
  /** Start of the minute in progress, ms UTC. */
  timestamp: number;
  high: number;
  low: number;
  quanta: number;
  turnover: number;
  /** The last regular close before the session. */
  prevClose: number;
}

const NEW_YORK = 'America/New_York';
/** Extended-hours trading is thin: this share of a regular minute's volume. */
const EXTENDED_VOLUME_SHARE = 0.04;
/** The overnight session runs on the night before a trading day: at most this long before its pre-market. */
const OVERNIGHT_MS = 8 * 60 * MINUTE_MS;

function servesExtendedHours(model: InstrumentModel): boolean {
  const { instrument } = model;
  return instrument.type === 'stock' && instrument.market === 'US';
}

/** The regular close of the last US trading day on or before `ymd` that ended before `now`. */
function lastRegularClose(model: InstrumentModel, ymd: string, now: number): number | undefined {
  for (const day of tradingDaysBackward(model.instrument.venue, ymd)) {
    if (day.day < model.instrument.listedSince) return undefined;
    const last = day.pieces[day.pieces.length - 1];
    if (!last || last.end > now) continue;
    const { first, end } = pieceMinutes(last);
    return computeMinuteBlock(model, end - 1, end, first, end).close[0];
  }
  return undefined;
}

/** The extended session running at `now` and its [start, end) in ms, if any. */
function sessionAt(now: number): { session: ExtendedSession; start: number; end: number; ymd: string } | undefined {
  const today = ymdInZone(now, NEW_YORK);
  const pieces = usExtendedPieces(today);
  if (pieces?.pre && now >= pieces.pre[0] && now < pieces.pre[1]) return { session: 'pre_market', start: pieces.pre[0], end: pieces.pre[1], ymd: today };
  if (pieces?.after && now >= pieces.after[0] && now < pieces.after[1])
    return { session: 'post_market', start: pieces.after[0], end: pieces.after[1], ymd: today };
  // Overnight: the night before a trading day's pre-market, today's (before 04:00) or tomorrow's.
  for (const ymd of [today, addDaysYmd(today, 1)]) {
    const pre = usExtendedPieces(ymd)?.pre;
    if (pre && now < pre[0] && pre[0] - now <= OVERNIGHT_MS) return { session: 'overnight', start: pre[0] - OVERNIGHT_MS, end: pre[0], ymd };
  }
  return undefined;
}

const cache = new WeakMap<InstrumentModel, { minute: number; quote: ExtendedQuote | undefined }>();

/** The extended-hours quote of a US stock at `now`, or undefined outside those sessions (and for every other instrument). */
export function extendedQuote(model: InstrumentModel, now: number): ExtendedQuote | undefined {
  if (!servesExtendedHours(model)) return undefined;
  const minute = Math.floor(now / MINUTE_MS);
  const cached = cache.get(model);
  if (cached?.minute === minute) return cached.quote;
  const quote = computeQuote(model, now, minute);
  cache.set(model, { minute, quote });
  return quote;
}

function computeQuote(model: InstrumentModel, now: number, minute: number): ExtendedQuote | undefined {
  const running = sessionAt(now);
  if (!running || getTradingDay(model.instrument.venue, running.ymd) === undefined) return undefined;
  if (running.ymd < model.instrument.listedSince) return undefined;
  const prevClose = lastRegularClose(model, running.ymd, now);
  if (prevClose === undefined) return undefined;
  const first = Math.floor(running.start / MINUTE_MS);
  const end = Math.floor(running.end / MINUTE_MS);
  // The completed minutes and the one in progress, which counts at its opening price.
  const block = computeMinuteBlock(model, first, minute + 1, first, end);
  const current = block.count - 1;
  const last = block.open[current] ?? prevClose;
  let high = last;
  let low = last;
  let quanta = 0;
  let turnover = 0;
  for (let i = 0; i < current; i++) {
    high = Math.max(high, block.high[i] ?? last);
    low = Math.min(low, block.low[i] ?? last);
    quanta += Math.max(1, Math.round((block.quanta[i] ?? 0) * EXTENDED_VOLUME_SHARE));
    turnover += (block.turnover[i] ?? 0) * EXTENDED_VOLUME_SHARE;
  }
  return { session: running.session, last, timestamp: minute * MINUTE_MS, high, low, quanta, turnover: Math.round(turnover * 100) / 100, prevClose };
}
