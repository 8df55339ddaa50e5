/**
 * The first history page carried in index.html, so a cold visit's chart needs no K-line request:
 * the server asks its own `/v1` for the page a cold visit would ask (server/first-page.ts) and
 * writes the answer into a `<script type="application/json">` element after the page's head; the
 * boot answers the app's identical request from it, once (src/api/inlined-answer.ts). Any other
 * request (a saved or linked symbol, another window) goes to the network as before.
 */
import { INTERVALS, PRODUCT_TYPES, type AdjustMode, type Interval, type ProductType } from './contract.ts';
import { newestPageEnd } from './kline-window-policy.ts';
import { oneOf } from './one-of.ts';
import { instrumentTimeZone, isStockInstrument, LINK_SYMBOL_PATTERN } from './symbols.ts';

/** The element's id: its text is the answer's body as `/v1` sent it, escaped for a script element. */
export const FIRST_PAGE_ELEMENT_ID = 'chartroom-first-page';
/**
 * The id of a second such element: a stock's factors (ex-factors), which its chart waits for
 * before drawing adjusted candles. Carried too, so the first candle waits for no request at all.
 */
export const FIRST_FACTORS_ELEMENT_ID = 'chartroom-first-factors';
/** And a third: the chart's instrument's ticker, the price the page's header shows first. */
export const FIRST_TICKER_ELEMENT_ID = 'chartroom-first-ticker';
/**
 * Its attributes (read as the element's dataset): the request the body answers (path and query),
 * the data's clock (ms) when the server made it (the answer is as old as that, not as the page's
 * load), and the answer's `X-Chartroom-Source`.
 */
export const FIRST_PAGE_ATTRIBUTES = { url: 'data-url', madeAt: 'data-made-at', source: 'data-source' } as const;
/**
 * Past this age (on the data's clock) the carried answer is not used: a page replayed from some
 * cache long after it was made fetches afresh.
 */
export const FIRST_PAGE_MAX_AGE_MS = 60_000;

/** K-lines per history page, as the app asks them (src/queries/kline-history-pages.ts). */
export const HISTORY_PAGE_SIZE = 1_000;
/** 1m K-lines per page when building 3m: 333 buckets. */
export const DERIVED_PAGE_SIZE = 999;

/** The historical endpoint has every interval but 3m. */
export type HistoryInterval = Exclude<Interval, '3m'>;

/** Where an interval's history comes from: the endpoint itself, or 1m folded into buckets. */
export function historySourceOf(interval: Interval): { interval: HistoryInterval; bucketMs?: number; pageSize: number } {
  if (interval === '3m') return { interval: '1m', bucketMs: 3 * 60_000, pageSize: DERIVED_PAGE_SIZE };
  return { interval, pageSize: HISTORY_PAGE_SIZE };
}

/** Stocks open split- and dividend-adjusted, forward (Futu's 前复权, TradingView's default); other products have nothing to adjust. */
export function defaultAdjust(symbol: string, type?: ProductType): AdjustMode {
  return isStockInstrument(symbol, type) ? 'forward' : 'none';
}

/** The chart a visit without saved state or a link opens (the app's default workspace). */
export const COLD_VISIT_CHART: { symbol: string; interval: Interval; adjust: AdjustMode } = { symbol: 'AAPL.US', interval: '1d', adjust: 'forward' };

/** A chart whose first history page the server may carry: what the app's first request depends on. */
export interface CarriedChart {
  symbol: string;
  interval: Interval;
  type?: ProductType;
}

/**
 * The newest history page of `chart` at `now` (the data's clock), as path and query: the very URL
 * the app asks for it (its parameters in the order of the client's buildUrl; a stock's raw prices
 * while its factors are pending, whatever adjustment is chosen).
 */
export function historyPageTarget({ symbol, interval, type }: CarriedChart, now: number): string {
  const source = historySourceOf(interval);
  const endTime = newestPageEnd(interval, now, instrumentTimeZone(symbol, type));
  const query = new URLSearchParams({ symbol, interval: source.interval, limit: String(source.pageSize), end_time: String(endTime) });
  if (type) query.set('type', type);
  if (isStockInstrument(symbol, type)) query.set('adjust', 'none');
  return `/v1/market/kline?${query.toString()}`;
}

/**
 * The factors request of a link's chart when the app adjusts it locally, as the app asks it
 * (src/api/kline-endpoints.ts fetchExFactors): a stock, unless the link says `adjust=none` (a
 * bare link opens adjusted, the cold visit's default). Undefined for anything else.
 */
export function carriedFactorsTarget({ symbol, type }: CarriedChart, search: URLSearchParams): string | undefined {
  if (!isStockInstrument(symbol, type) || search.get('adjust') === 'none') return undefined;
  return `/v1/market/kline/ex-factors?${new URLSearchParams({ symbols: symbol }).toString()}`;
}

/** The ticker request of a link's chart, as the boot asks it (src/api/quote-endpoints.ts fetchTickers, one symbol). */
export function carriedTickerTarget({ symbol, type }: CarriedChart): string {
  const query = new URLSearchParams({ symbols: symbol });
  if (type) query.set('type', type);
  return `/v1/market/ticker?${query.toString()}`;
}

/** Link parameters the server reads; `tz`, `lang`, `early` and `adjust` never change the first request (a stock's first page is raw prices). */
const LINK_PARAMETERS = new Set(['symbol', 'interval', 'type', 'tab', 'tz', 'lang', 'early', 'adjust']);

/**
 * The chart a page link opens, as the app reads it (src/app/url-state.ts; a test holds the two
 * together), when the server can know it: the cold visit's chart for a bare link (saved state
 * aside, which the server cannot see), or the link's own symbol, interval and type on the chart
 * tab. Undefined for a link the app would open otherwise: another tab, a layout of several
 * charts, a value it would refuse.
 */
export function chartOfLink(search: URLSearchParams): CarriedChart | undefined {
  for (const name of search.keys()) if (!LINK_PARAMETERS.has(name)) return undefined;
  const tab = search.get('tab');
  if (tab !== null && tab !== 'chart') return undefined;
  // As the app does, each parameter's first value.
  const rawSymbol = search.get('symbol')?.trim();
  const rawInterval = search.get('interval');
  const rawType = search.get('type');
  const symbol = rawSymbol === undefined ? COLD_VISIT_CHART.symbol : LINK_SYMBOL_PATTERN.test(rawSymbol) ? rawSymbol.toUpperCase() : undefined;
  const interval = rawInterval === null ? COLD_VISIT_CHART.interval : oneOf(INTERVALS, rawInterval);
  const type = rawType === null ? undefined : oneOf(PRODUCT_TYPES, rawType);
  if (symbol === undefined || interval === undefined || (rawType !== null && type === undefined)) return undefined;
  return { symbol, interval, ...(type && { type }) };
}

/** The newest history page of the cold visit's chart at `now`. */
export function coldVisitPageTarget(now: number): string {
  return historyPageTarget(COLD_VISIT_CHART, now);
}
