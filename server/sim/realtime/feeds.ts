/**
 * What each channel pushes for one instrument, from the same engine and formatting as HTTP: the
 * ticker is the HTTP ticker entry cut to the fields the websocket page shows for that market; the
 * book is `GET /v1/market/depth`'s; trades are `GET /v1/market/trades`' entries.
 */
import type { RealtimeChannel } from '#shared/contract.ts';
import type { Instrument } from '../catalog/types.ts';
import { hasDepth } from '../engine/depth-book.ts';
import { extendedQuote } from '../engine/extended-quote.ts';
import { locateLastTrade, tradesSoFar } from '../engine/forming.ts';
import { modelOf, type InstrumentModel } from '../engine/instrument-model.ts';
import { MINUTE_MS } from '../engine/price-path.ts';
import { recentTrades } from '../engine/trade-tape.ts';
import type { SimTrade } from '../engine/trades.ts';
import { depthJson } from '../endpoints/depth.ts';
import { priceText, volumeText } from '../endpoints/format.ts';
import { extendedQuoteJson, tickerJson } from '../endpoints/ticker.ts';
import { tradeJson } from '../endpoints/trades.ts';

/** Ticker: every market. Depth and trade: stocks, China futures, crypto (not forex, metals, indices). */
export function channelServes(channel: RealtimeChannel, instrument: Instrument): boolean {
  return channel === 'ticker' || hasDepth(instrument);
}

/** Market fields of the ticker push beyond symbol, type, last_price and timestamp (ticker.mdx). */
const STATISTICS = ['volume_24h', 'high_24h', 'low_24h'] as const;
const CHANGE = ['price_change_24h', 'price_change_percent_24h'] as const;

function tickerFields(instrument: Instrument): readonly string[] {
  switch (instrument.type) {
    case 'indices':
      return [];
    case 'forex':
      return ['ask_price', 'bid_price'];
    case 'crypto':
      return [...STATISTICS, ...CHANGE];
    case 'futures':
      return ['bid_price', 'ask_price', ...STATISTICS];
    case 'stock':
      return instrument.market === 'CN' ? [...STATISTICS, ...CHANGE] : STATISTICS;
  }
}

/**
 * A US stock in extended hours pushes the session's own figures, marked with `trade_session`
 * (ticker.mdx): its price, volume, high and low, and `quote_volume` its turnover.
 */
function extendedPushData(symbol: string, instrument: Instrument, now: number): Record<string, unknown> | undefined {
  const model = modelOf(instrument);
  const quote = extendedQuote(model, now);
  if (!quote) return undefined;
  const json = extendedQuoteJson(model, quote);
  return {
    symbol,
    type: instrument.type,
    last_price: json.last_done,
    volume_24h: volumeText(model, quote.quanta),
    high_24h: json.high,
    low_24h: json.low,
    trade_session: quote.session,
    quote_volume: json.quote_volume,
    timestamp: quote.timestamp,
  };
}

/** The ticker push's `data`, or undefined before the instrument's first trade. */
export function tickerPushData(symbol: string, instrument: Instrument, now: number): Record<string, unknown> | undefined {
  const extended = extendedPushData(symbol, instrument, now);
  if (extended) return extended;
  const full = tickerJson(symbol, instrument, now);
  if (!full) return undefined;
  const data: Record<string, unknown> = { symbol, type: instrument.type, last_price: full.last_price };
  for (const field of tickerFields(instrument)) if (full[field] !== undefined) data[field] = full[field];
  if (instrument.type === 'forex' && typeof full.ask_price === 'string' && typeof full.bid_price === 'string') {
    data.spread = priceText(modelOf(instrument), Number(full.ask_price) - Number(full.bid_price));
  }
  data.timestamp = full.timestamp;
  return data;
}

export function depthPushData(symbol: string, instrument: Instrument, now: number): Record<string, unknown> | undefined {
  return depthJson(symbol, instrument, now);
}

/** Trades pushed as one array message (US and HK stocks, crypto) or one message each (A-shares, China futures). */
export function tradePushMessages(symbol: string, instrument: Instrument, trades: readonly SimTrade[]): string[] {
  if (trades.length === 0) return [];
  const model = modelOf(instrument);
  const arrayForm = instrument.type === 'crypto' || (instrument.type === 'stock' && instrument.market !== 'CN');
  if (arrayForm) {
    return [JSON.stringify({ cmd: 'trade', data: { symbol, type: instrument.type, trades: trades.map((trade) => tradeJson(model, trade)) } })];
  }
  return trades.map((trade) => {
    const { id: _id, ...fields } = tradeJson(model, trade);
    return JSON.stringify({ cmd: 'trade', data: { symbol, type: instrument.type, ...fields } });
  });
}

/** Trades after a clock jump are capped at this many (the most recent). */
const MAX_TRADE_BACKLOG = 1_000;

/** Trades printed in (after, now], ascending. */
export function tradesBetween(model: InstrumentModel, after: number, now: number): SimTrade[] {
  const position = locateLastTrade(model, now);
  if (!position) return [];
  // The usual case, every push interval: only the current minute can hold new trades.
  if (after >= position.minute * MINUTE_MS) return tradesSoFar(model, position, now).filter((trade) => trade.timestamp > after);
  for (let limit = 64; ; limit *= 4) {
    const trades = recentTrades(model, Math.min(limit, MAX_TRADE_BACKLOG), now);
    const oldest = trades[0];
    if (trades.length < limit || limit >= MAX_TRADE_BACKLOG || (oldest && oldest.timestamp <= after)) {
      return trades.filter((trade) => trade.timestamp > after);
    }
  }
}
