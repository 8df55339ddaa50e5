/**
 * The product type of a symbol as opened: the chosen one, or, for a bare code opened without one
 * (a link to AU2612), what its ticker reports. Its zone, session and order book depend on it: a
 * China future is a bare code by shape, yet trades in Shanghai. A bare code listed under several
 * types (BTCUSD) has none until the user chooses: its ticker answers AMBIGUOUS_SYMBOL.
 *
 * The ticker is read passively (the header polls the same query anyway) and through `select`,
 * so a caller re-renders when the type changes, never per quote.
 */
import { useQuery } from '@tanstack/react-query';
import { isAmbiguousSymbol } from '../api/api-error';
import { PRODUCT_TYPES, type ProductType } from '#shared/contract.ts';
import { instrumentTimeZone, isStockSymbol } from '#shared/symbols.ts';
import type { Ticker } from '../api/quote-schemas';
import { useMarketFeed } from './app-services-context';
import type { MarketFeed } from './market-feed/market-feed';
import { tickerQueryOptions } from './use-ticker';

const typeOf = (ticker: Ticker): string | undefined => ticker.type;

/** Whether the type of `symbol` is unknown until its ticker says it. */
function typeUnknown(symbol: string, type: ProductType | undefined): boolean {
  // Stocks carry their market in the suffix: nothing to ask.
  return type === undefined && symbol.trim() !== '' && !isStockSymbol(symbol);
}

/**
 * The symbol's untyped ticker query, read passively: one fetch when nobody asked yet, never a
 * refetch of its own (mounting over a failed ticker must not restart it: panels that wait on the
 * same query would flicker).
 */
function passiveTicker(feed: MarketFeed, symbol: string, enabled: boolean) {
  const { queryKey, queryFn } = tickerQueryOptions(feed, symbol);
  return {
    queryKey,
    queryFn,
    enabled,
    staleTime: Infinity,
    refetchInterval: false,
    refetchOnMount: false,
    retryOnMount: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  } as const;
}

export function useInstrumentType(symbol: string, type: ProductType | undefined): string | undefined {
  const feed = useMarketFeed();
  const unknown = typeUnknown(symbol, type);
  const reported = useQuery({ ...passiveTicker(feed, symbol, unknown), select: typeOf }).data;
  return type ?? (unknown ? reported : undefined);
}

/** The IANA zone of the instrument's market (UTC for global products). */
export function useInstrumentTimeZone(symbol: string, type: ProductType | undefined): string {
  return instrumentTimeZone(symbol, useInstrumentType(symbol, type));
}

/** The types a bare code opened without one is listed under, when there are several (else []). */
export function useAmbiguousTypes(symbol: string, type: ProductType | undefined): ProductType[] {
  const feed = useMarketFeed();
  const unknown = typeUnknown(symbol, type);
  const { error } = useQuery(passiveTicker(feed, symbol, unknown));
  // A disabled query still reads its cache: the untyped ticker's error outlives the choice.
  const listed = (unknown ? isAmbiguousSymbol(error)?.types : undefined) ?? [];
  return PRODUCT_TYPES.filter((candidate) => listed.includes(candidate));
}
