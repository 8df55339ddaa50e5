/**
 * Hierarchical query keys: every key starts with its domain, so `invalidateQueries({ queryKey:
 * queryKeys.klines.all })` reaches every K-line query (e.g. after a reconnect).
 */
import type { AdjustMode, Interval, ProductType, SessionMarket } from '#shared/contract.ts';

/** Symbol lists as keys: order and duplicates do not matter. */
function symbolSet(symbols: readonly string[]): string[] {
  return [...new Set(symbols)].sort();
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
    history: (symbol: string, interval: Interval, adjust: AdjustMode | null, type?: ProductType) =>
      ['api', 'klines', 'history', symbol, interval, adjust, type ?? null] as const,
    /** The K-lines completed since the history was loaded, between two times. */
    tail: (symbol: string, interval: Interval, adjust: AdjustMode | null, type: ProductType | undefined, startTime: number, endTime: number) =>
      ['api', 'klines', 'tail', symbol, interval, adjust, type ?? null, startTime, endTime] as const,
    latest: (symbol: string, interval: Interval, adjust: AdjustMode | null, type?: ProductType) =>
      ['api', 'klines', 'latest', symbol, interval, adjust, type ?? null] as const,
  },
  klineIntervals: {
    all: ['api', 'kline-intervals'] as const,
  },
  exFactors: {
    all: ['api', 'ex-factors'] as const,
    list: (symbols: readonly string[]) => ['api', 'ex-factors', symbolSet(symbols)] as const,
  },
  tickers: {
    all: ['api', 'tickers'] as const,
    one: (symbol: string, type?: ProductType) => ['api', 'tickers', symbol, type ?? null] as const,
  },
  hkTickers: {
    all: ['api', 'hk-tickers'] as const,
  },
  trades: {
    all: ['api', 'trades'] as const,
    list: (symbol: string, limit: number, type?: ProductType) => ['api', 'trades', symbol, limit, type ?? null] as const,
  },
  depth: {
    all: ['api', 'depth'] as const,
    one: (symbol: string, type?: ProductType) => ['api', 'depth', symbol, type ?? null] as const,
  },
  intraday: {
    all: ['api', 'intraday'] as const,
    one: (symbol: string, type?: ProductType) => ['api', 'intraday', symbol, type ?? null] as const,
  },
  stockInfo: {
    all: ['api', 'stock-info'] as const,
    list: (symbols: readonly string[]) => ['api', 'stock-info', symbolSet(symbols)] as const,
  },
  tradingSessions: {
    all: ['api', 'trading-sessions'] as const,
  },
  tradeDays: {
    all: ['api', 'trade-days'] as const,
    range: (market: SessionMarket, begDay: string, endDay: string) => ['api', 'trade-days', market, begDay, endDay] as const,
  },
} as const;
