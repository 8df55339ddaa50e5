/**
 * Hierarchical query keys: every key starts with its domain, so `invalidateQueries({ queryKey:
 * queryKeys.klines.all })` reaches every K-line query (e.g. after a reconnect). Market data keys
 * carry their feed's source right after the domain (['api', 'klines', { kind: 'live' }, …]): the
 * answers of a live, a replay and an offline feed never share an entry, a domain's `all` still
 * reaches every source, and `[...all, source]` one source's.
 */
import type { AdjustMode, Interval, ProductType, SessionMarket } from '#shared/contract.ts';
import type { FeedSource } from './market-feed/market-feed';

/** Symbol lists as keys: order and duplicates do not matter. */
function symbolSet(symbols: readonly string[]): string[] {
  return [...new Set(symbols)].sort();
}

/** The key of one instrument's answer in `domain`, from `source`. */
function perInstrument<D extends string>(domain: D) {
  return (source: FeedSource, symbol: string, type?: ProductType) => ['api', domain, source, symbol, type ?? null] as const;
}

/** The key of an answer about a set of symbols in `domain`, from `source`. */
function perSymbolSet<D extends string>(domain: D) {
  return (source: FeedSource, symbols: readonly string[]) => ['api', domain, source, symbolSet(symbols)] as const;
}

export const queryKeys = {
  all: ['api'] as const,
  /** The server's catalogue index (not an API answer: a reconnect does not touch it). */
  catalog: {
    all: ['chartroom', 'catalog'] as const,
  },
  klines: {
    all: ['api', 'klines'] as const,
    /** Completed K-lines; `adjust` is what the service is asked for (null: not sent). */
    history: (source: FeedSource, symbol: string, interval: Interval, adjust: AdjustMode | null, type?: ProductType) =>
      ['api', 'klines', source, 'history', symbol, interval, adjust, type ?? null] as const,
    /** The K-lines completed since the history was loaded, between two times. */
    tail: (
      source: FeedSource,
      symbol: string,
      interval: Interval,
      adjust: AdjustMode | null,
      type: ProductType | undefined,
      startTime: number,
      endTime: number,
    ) => ['api', 'klines', source, 'tail', symbol, interval, adjust, type ?? null, startTime, endTime] as const,
    latest: (source: FeedSource, symbol: string, interval: Interval, adjust: AdjustMode | null, type?: ProductType) =>
      ['api', 'klines', source, 'latest', symbol, interval, adjust, type ?? null] as const,
  },
  klineIntervals: {
    all: ['api', 'kline-intervals'] as const,
  },
  exFactors: {
    all: ['api', 'ex-factors'] as const,
    list: perSymbolSet('ex-factors'),
  },
  tickers: {
    all: ['api', 'tickers'] as const,
    one: perInstrument('tickers'),
  },
  hkTickers: {
    all: ['api', 'hk-tickers'] as const,
    of: (source: FeedSource) => ['api', 'hk-tickers', source] as const,
  },
  trades: {
    all: ['api', 'trades'] as const,
    list: (source: FeedSource, symbol: string, limit: number, type?: ProductType) => ['api', 'trades', source, symbol, limit, type ?? null] as const,
  },
  depth: {
    all: ['api', 'depth'] as const,
    one: perInstrument('depth'),
  },
  intraday: {
    all: ['api', 'intraday'] as const,
    one: perInstrument('intraday'),
  },
  stockInfo: {
    all: ['api', 'stock-info'] as const,
    list: perSymbolSet('stock-info'),
  },
  tradingSessions: {
    all: ['api', 'trading-sessions'] as const,
    of: (source: FeedSource) => ['api', 'trading-sessions', source] as const,
  },
  tradeDays: {
    all: ['api', 'trade-days'] as const,
    range: (source: FeedSource, market: SessionMarket, begDay: string, endDay: string) => ['api', 'trade-days', source, market, begDay, endDay] as const,
  },
} as const;
