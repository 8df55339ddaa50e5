/** GET /v1/market/ticker (§4.5) and GET /v1/market/ticker/hk-stock (§4.6). */
import { MAX_TICKER_SYMBOLS, TYPES_FOR_QUOTES } from '#shared/contract.ts';
import { hkFeedCode, hkFeedInstruments, stockFeedInstruments } from '../catalog/catalog.ts';
import type { Instrument } from '../catalog/types.ts';
import { modelOf, type InstrumentModel } from '../engine/instrument-model.ts';
import { extendedQuote, type ExtendedQuote } from '../engine/extended-quote.ts';
import { tickerFigures, type TickerFigures } from '../engine/ticker.ts';
import { symbolsParam, typeParam } from '../http/query.ts';
import { success, type Endpoint } from './endpoint.ts';
import { moneyText, priceText, volumeText } from './format.ts';
import { resolveSymbols } from './resolve.ts';

function changeTexts(model: InstrumentModel, figures: TickerFigures): { change: string; percent: string } {
  const change = figures.last - figures.reference;
  const percent = figures.reference > 0 ? (change / figures.reference) * 100 : 0;
  return { change: priceText(model, change), percent: percent.toFixed(2) };
}

/** Fields of the statistics window shared by both ticker shapes. */
function windowFields(model: InstrumentModel, figures: TickerFigures): Record<string, string> {
  const { change, percent } = changeTexts(model, figures);
  const fields: Record<string, string> = {
    volume_24h: volumeText(model, figures.window.quanta),
    high_24h: priceText(model, figures.window.high),
    low_24h: priceText(model, figures.window.low),
    price_change_24h: change,
    price_change_percent_24h: percent,
  };
  if (model.instrument.type !== 'futures') fields.quote_volume_24h = moneyText(figures.window.turnover);
  return fields;
}

/** An extended session's quote object of the OpenAPI ticker (`pre_market_quote` and its kin). */
export function extendedQuoteJson(model: InstrumentModel, quote: ExtendedQuote): Record<string, unknown> {
  return {
    last_done: priceText(model, quote.last),
    timestamp: quote.timestamp,
    volume: Math.round(quote.quanta * model.volumeQuantum),
    quote_volume: moneyText(quote.turnover),
    high: priceText(model, quote.high),
    low: priceText(model, quote.low),
    prev_close: priceText(model, quote.prevClose),
  };
}

/** One ticker entry of §4.5 (the realtime ticker channel projects it per market). */
export function tickerJson(symbol: string, instrument: Instrument, now: number): Record<string, unknown> | undefined {
  const model = modelOf(instrument);
  const figures = tickerFigures(model, now);
  if (!figures) return undefined;
  return {
    symbol,
    name: instrument.name,
    type: instrument.type,
    last_price: priceText(model, figures.last),
    open: priceText(model, figures.window.open),
    prev_close: priceText(model, figures.reference),
    ...(figures.bid !== undefined && { bid_price: priceText(model, figures.bid) }),
    ...(figures.ask !== undefined && { ask_price: priceText(model, figures.ask) }),
    ...windowFields(model, figures),
    timestamp: figures.timestamp,
    ...extendedFields(model, now),
  };
}

/** A US stock in extended hours: the running session's quote object beside the regular figures. */
function extendedFields(model: InstrumentModel, now: number): Record<string, unknown> {
  const quote = extendedQuote(model, now);
  return quote ? { [`${quote.session}_quote`]: extendedQuoteJson(model, quote) } : {};
}

export const ticker: Endpoint = ({ query, now }) => {
  const symbols = symbolsParam(query, MAX_TICKER_SYMBOLS);
  const type = typeParam(query, TYPES_FOR_QUOTES);
  const data = resolveSymbols(symbols, type)
    .map(({ symbol, instrument }) => tickerJson(symbol, instrument, now))
    .filter((entry) => entry !== undefined);
  return success(data);
};

/**
 * A whole-market feed's row of one instrument, kept while its figures are the same object (most rows
 * between two polls: engine/ticker.ts keeps an instrument's figures until it trades), so only the
 * rows of instruments that traded are written again. The rows carry nothing else that changes.
 */
function feedRows(fields: (instrument: Instrument, model: InstrumentModel, figures: TickerFigures) => Record<string, unknown>) {
  const rows = new WeakMap<TickerFigures, Record<string, unknown>>();
  return (instruments: readonly Instrument[], now: number): Record<string, unknown>[] => {
    const data: Record<string, unknown>[] = [];
    for (const instrument of instruments) {
      const model = modelOf(instrument);
      const figures = tickerFigures(model, now);
      if (!figures) continue;
      let row = rows.get(figures);
      if (!row) {
        row = fields(instrument, model, figures);
        rows.set(figures, row);
      }
      data.push(row);
    }
    return data;
  };
}

function feedFigures(model: InstrumentModel, figures: TickerFigures): Record<string, unknown> {
  return {
    last_price: priceText(model, figures.last),
    open: priceText(model, figures.window.open),
    prev_close: priceText(model, figures.reference),
    ...windowFields(model, figures),
    timestamp: figures.timestamp,
  };
}

const hkRows = feedRows((instrument, model, figures) => ({
  symbol: hkFeedCode(instrument),
  name: instrument.name,
  type: instrument.type,
  ...feedFigures(model, figures),
}));

/** Every HK stock and index in one array (the app compresses it). */
export const hkTicker: Endpoint = ({ now }) => success(hkRows(hkFeedInstruments(), now));

/** The full-A-share feed's `category` of a stock, by its exchange. */
const CN_CATEGORY: Readonly<Record<string, string>> = { SH: 'sh_stock', SZ: 'sz_stock', BJ: 'bj_stock' };

/**
 * Every stock of the US or A-share market in one array (OpenAPI `ticker/us-stock`,
 * `ticker/cn-stock`), named by canonical symbol ('AAPL.US', '600519.SH'); the A-share one adds
 * the `category` its schema describes.
 */
function stockFeed(market: 'US' | 'CN'): Endpoint {
  const rows = feedRows((instrument, model, figures) => {
    const category = market === 'CN' ? CN_CATEGORY[instrument.symbol.slice(-2)] : undefined;
    return {
      symbol: instrument.symbol,
      name: instrument.name,
      type: instrument.type,
      ...(category !== undefined && { category }),
      ...feedFigures(model, figures),
    };
  });
  return ({ now }) => success(rows(stockFeedInstruments(market), now));
}

export const usTicker: Endpoint = stockFeed('US');
export const cnTicker: Endpoint = stockFeed('CN');
