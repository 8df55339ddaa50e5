/**
 * The intraday line moved by ticker pushes between polls. Pure. A push in the last line's minute
 * updates it (price, and the volume traded since the push before, from the day volume); a push in
 * a later minute appends that minute. Older pushes change nothing.
 */
import type { IntradayPoint as IntradayLine } from '../../api/quote-schemas';

const MINUTE_MS = 60_000;

export interface LineTick {
  /** Decimal string, as pushed. */
  price: string;
  /** ms UTC of the push (its last trade). */
  time: number;
  /** Day volume of this push and of the one before, when known. */
  dayVolume?: number;
  previousDayVolume?: number;
}

function tradedSince(tick: LineTick): number {
  const { dayVolume, previousDayVolume } = tick;
  return dayVolume !== undefined && previousDayVolume !== undefined && dayVolume > previousDayVolume ? dayVolume - previousDayVolume : 0;
}

/** Decimal string of a computed turnover, short and exact enough for the readout. */
function decimal(value: number): string {
  return String(Math.round(value * 1e6) / 1e6);
}

export function followTick(lines: readonly IntradayLine[], tick: LineTick): readonly IntradayLine[] {
  const last = lines.at(-1);
  const value = Number(tick.price);
  if (!last || !Number.isFinite(value)) return lines;
  const minute = Math.floor(tick.time / MINUTE_MS) * MINUTE_MS;
  if (minute < last.timestamp) return lines;
  const traded = tradedSince(tick);
  const { price } = tick;
  if (minute === last.timestamp) {
    if (last.price === price && traded === 0) return lines;
    const turnover = decimal(Number(last.turnover) + traded * value);
    return [...lines.slice(0, -1), { ...last, price, volume: last.volume + traded, turnover }];
  }
  // The new minute's average is the day's so far: the last one's until the poll brings the service's.
  return [...lines, { timestamp: minute, price, volume: traded, turnover: decimal(traded * value), avg_price: last.avg_price }];
}
