/**
 * The product type of a symbol as opened: the chosen one, or, for a bare code opened without one
 * (a link to AU2612), what its ticker reports. Its zone, session and order book depend on it: a
 * China future is a bare code by shape, yet trades in Shanghai.
 *
 * The ticker is asked once (the header polls the same query anyway) and read through `select`,
 * so a caller re-renders when the type changes, never per quote.
 */
import { useQuery } from '@tanstack/react-query';
import type { ProductType } from '#shared/contract.ts';
import { instrumentTimeZone, isStockSymbol } from '#shared/symbols.ts';
import type { Ticker } from '../api/quote-schemas';
import { tickerQueryOptions } from './use-ticker';

const typeOf = (ticker: Ticker): string | undefined => ticker.type;

export function useInstrumentType(symbol: string, type: ProductType | undefined): string | undefined {
  // Stocks carry their market in the suffix: nothing to ask.
  const unknown = type === undefined && symbol.trim() !== '' && !isStockSymbol(symbol);
  const { queryKey, queryFn } = tickerQueryOptions(symbol);
  // A passive reader: one fetch when nobody asked yet, never a refetch of its own (mounting over a
  // failed ticker must not restart it: panels that wait on the same query would flicker).
  const reported = useQuery({
    queryKey,
    queryFn,
    enabled: unknown,
    select: typeOf,
    staleTime: Infinity,
    refetchInterval: false,
    refetchOnMount: false,
    retryOnMount: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  }).data;
  return type ?? (unknown ? reported : undefined);
}

/** The IANA zone of the instrument's market (UTC for global products). */
export function useInstrumentTimeZone(symbol: string, type: ProductType | undefined): string {
  return instrumentTimeZone(symbol, useInstrumentType(symbol, type));
}
