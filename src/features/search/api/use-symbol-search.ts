/** A page of the symbol list for the search palette; the previous page stays while the next loads. */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Market, ProductType } from '#shared/contract.ts';
import type { ApiClient } from '../../../api/client';
import { fetchSymbols } from '../../../api/reference-endpoints';
import { useAppServices } from '../../../queries/app-services-context';
import { queryKeys } from '../../../queries/query-keys';

export interface SymbolSearchParams {
  market?: Market;
  type?: ProductType;
  limit: number;
  offset: number;
}

export const SYMBOL_LIST_STALE_MS = 10 * 60_000;

export function symbolSearchQueryOptions(api: ApiClient, params: SymbolSearchParams) {
  return queryOptions({
    queryKey: queryKeys.symbols.list(params),
    queryFn: ({ signal }) => fetchSymbols(api, params, { signal }),
    staleTime: SYMBOL_LIST_STALE_MS,
    placeholderData: keepPreviousData,
  });
}

export function useSymbolSearch(params: SymbolSearchParams) {
  return useQuery(symbolSearchQueryOptions(useAppServices().api, params));
}
