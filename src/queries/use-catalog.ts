/**
 * The whole-catalogue search (src/lib/catalog-search.ts) over the server's index, for the search
 * palette, the watchlist's add box and the HK table's filter. Downloaded once per page, when one
 * of them shows intent (pointer on or focus in it, or a first keystroke), never on the first page:
 * the loader and the index come in on demand. Fresh for hours (the server rebuilds it a few times
 * a day at most); kept while the page lives, so closing and reopening the palette asks nothing.
 */
import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { CatalogSearch } from '../lib/catalog-search';
import { queryKeys } from './query-keys';

export const CATALOG_STALE_MS = 6 * 60 * 60_000;

export function catalogQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.catalog.all,
    queryFn: async ({ signal }): Promise<CatalogSearch> => (await import('./catalog-loader')).loadCatalogSearch(signal),
    staleTime: CATALOG_STALE_MS,
    // Asked even offline: the service worker keeps the index (src/sw/service-worker.ts), so the
    // search works without the network; with nothing kept, the query then waits for it.
    networkMode: 'offlineFirst',
    gcTime: Number.POSITIVE_INFINITY,
    // The prepared search is not plain data: nothing to share structurally.
    structuralSharing: false,
  });
}

/** Starts the download (if it is not under way or done); for pointer and focus intent. */
export function prefetchCatalog(queryClient: QueryClient): void {
  // A failure shows where the catalogue is used (with a retry); here it is only a head start.
  queryClient.query(catalogQueryOptions()).catch(() => undefined);
}

/** The catalogue search once loaded; `enabled: false` waits for a first keystroke or intent. */
export function useCatalog(enabled = true) {
  return useQuery({ ...catalogQueryOptions(), enabled });
}

/** A handler that starts the download: spread on a search box as onFocus / onPointerEnter. */
export function useCatalogPrefetch(): () => void {
  const queryClient = useQueryClient();
  return useCallback(() => {
    prefetchCatalog(queryClient);
  }, [queryClient]);
}
