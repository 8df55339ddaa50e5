/**
 * Instrument names for a replay's tickers. A replayed ticker is folded from 1-minute bars, which
 * carry no name, so a watchlist in replay would lose its names. A name is not market data of a
 * moment: the live ticker's is used, read from the page's cached live tickers, else asked once
 * of the live service for the symbols it lacks (its prices are never shown).
 */
import type { QueryClient } from '@tanstack/react-query';
import type { ProductType } from '#shared/contract.ts';
import type { ApiClient } from '../../api/client';
import { fetchTickers } from '../../api/quote-endpoints';
import type { Ticker } from '../../api/quote-schemas';
import { queryKeys } from '../../queries/query-keys';

export type ReplayNames = (symbols: readonly string[], type: ProductType | undefined) => Promise<ReadonlyMap<string, string>>;

/** Names the live tickers in `queryClient` hold, by symbol. */
function cachedNames(queryClient: QueryClient): Map<string, string> {
  const names = new Map<string, string>();
  for (const [key, data] of queryClient.getQueriesData<Ticker>({ queryKey: queryKeys.tickers.all })) {
    const source = key[2] as { kind?: string } | undefined;
    if (source?.kind === 'replay' || !data?.name) continue;
    names.set(data.symbol, data.name);
  }
  return names;
}

export function createReplayNames(queryClient: QueryClient, liveApi: ApiClient): ReplayNames {
  const known = new Map<string, string>();
  /** Symbols asked of the service already (answered or not): never asked twice. */
  const asked = new Set<string>();
  return async (symbols, type) => {
    const missing = symbols.filter((symbol) => !known.has(symbol));
    if (missing.length > 0) for (const [symbol, name] of cachedNames(queryClient)) known.set(symbol, name);
    const toAsk = missing.filter((symbol) => !known.has(symbol) && !asked.has(symbol));
    if (toAsk.length > 0) {
      for (const symbol of toAsk) asked.add(symbol);
      try {
        for (const ticker of await fetchTickers(liveApi, { symbols: toAsk, ...(type && { type }) })) if (ticker.name) known.set(ticker.symbol, ticker.name);
      } catch {
        // A name is a nicety: the replayed prices stand without it.
      }
    }
    return known;
  };
}
