/**
 * Quotes as they stood at a replay's instant, from the 1-minute bars of the trading day so far:
 * the ticker's last price (the last minute's close), the day's open, high, low, volume and
 * turnover, its change from the previous day's close; the intraday line of the day so far.
 * What minute bars cannot tell is left out: bid and ask, extended-hours quotes, and crypto's
 * rolling 24 hours (a replayed crypto ticker reads its UTC day).
 */
import type { IntradaySeries, Ticker } from '../../api/quote-schemas';
import { foldRows, MINUTE_MS } from '#shared/replay/fold-minutes.ts';
import { subtractDecimals } from '#shared/replay/decimal-sum.ts';
import { isStockInstrument } from '#shared/symbols.ts';
import { lastSessionMinutes } from './replay-position';
import type { Instrument, ReplaySource } from './replay-source';

/** The ticker of `instrument` at `at`; undefined before its first minute. */
export async function tickerAt(source: ReplaySource, instrument: Instrument, at: number): Promise<Ticker | undefined> {
  const calendar = source.calendarOf(instrument);
  const session = calendar && (await lastSessionMinutes(source, instrument, calendar, at));
  const last = session?.minutes.at(-1);
  if (!calendar || !session || !last) return undefined;
  const dayStart = calendar.midnight(session.day);
  const day = foldRows(session.minutes, dayStart);
  const window = { symbol: instrument.symbol, interval: '1d' as const, limit: 1, endTime: dayStart - 1, ...(instrument.type && { type: instrument.type }) };
  const prevClose = (await source.klines(window, at)).at(-1)?.close ?? day.open;
  const reference = Number(prevClose);
  return {
    symbol: instrument.symbol,
    ...(instrument.type && { type: instrument.type }),
    last_price: last.close,
    open: day.open,
    prev_close: prevClose,
    volume_24h: day.volume,
    high_24h: day.high,
    low_24h: day.low,
    ...(day.quote_volume !== undefined && { quote_volume_24h: day.quote_volume }),
    price_change_24h: subtractDecimals(last.close, prevClose),
    price_change_percent_24h: (reference > 0 ? ((Number(last.close) - reference) / reference) * 100 : 0).toFixed(2),
    // The last instant of the last minute: the time of its last trade at the latest.
    timestamp: last.time + MINUTE_MS - 1,
  };
}

/** The intraday line of a stock at `at` (the service draws it for stocks only); undefined for others. */
export async function intradayAt(source: ReplaySource, instrument: Instrument, at: number): Promise<IntradaySeries | undefined> {
  if (!isStockInstrument(instrument.symbol, instrument.type)) return undefined;
  const calendar = source.calendarOf(instrument);
  const session = calendar && (await lastSessionMinutes(source, instrument, calendar, at));
  if (!session) return { symbol: instrument.symbol, type: 'stock', lines: [] };
  let volume = 0;
  let turnover = 0;
  const lines = session.minutes.map((minute) => {
    volume += Number(minute.volume);
    turnover += Number(minute.quote_volume ?? 0);
    const average = volume > 0 ? turnover / volume : Number(minute.close);
    return {
      timestamp: minute.time,
      price: minute.close,
      volume: Number(minute.volume),
      turnover: minute.quote_volume ?? '0',
      avg_price: String(Number(average.toFixed(6))),
    };
  });
  return { symbol: instrument.symbol, type: 'stock', lines };
}
