/**
 * The pages of `symbols/available` loaded so far for the palette's filters: page n is the shared
 * `symbolSearchQueryOptions` query at offset n × PAGE_SIZE, so a page fetched once is cached
 * and "More results" only asks for the next one.
 */
import { useQueries, type UseQueryResult } from '@tanstack/react-query';
import type { Market, ProductType } from '#shared/contract.ts';
import type { Product, SymbolList } from '../../api/symbol-schemas';
import { useAppServices } from '../../queries/app-services-context';
import { symbolSearchQueryOptions } from './api/use-symbol-search';

export const PAGE_SIZE = 100;

export interface ProductFilters {
  market?: Market;
  type?: ProductType;
}

export interface ProductPages {
  products: Product[];
  /** Products matching the filters on the service; undefined until the first page arrives. */
  total: number | undefined;
  hasMore: boolean;
  /** The first page is loading (nothing to show yet). */
  isLoading: boolean;
  /** A later page is loading. */
  isLoadingMore: boolean;
  /** The first failing page's error. */
  error: unknown;
  retry: () => void;
}

/** Joins the pages in order up to the first one missing, so the list never has a hole. */
function combinePages(pages: UseQueryResult<SymbolList>[]): ProductPages {
  const products: Product[] = [];
  let total: number | undefined;
  let error: unknown;
  let lastCount = 0;
  let complete = true;
  for (const page of pages) {
    if (page.error && error === undefined) error = page.error;
    if (!complete || !page.data || page.isPlaceholderData) {
      complete = false;
      continue;
    }
    products.push(...page.data.products);
    total = page.data.pagination.total;
    lastCount = page.data.products.length;
  }
  return {
    products,
    total,
    hasMore: complete && lastCount > 0 && total !== undefined && products.length < total,
    isLoading: products.length === 0 && pages[0]?.isFetching === true,
    isLoadingMore: pages.slice(1).some((page) => page.isFetching && page.data === undefined),
    error,
    retry: () => {
      for (const page of pages) if (page.error) void page.refetch();
    },
  };
}

export function useProductPages(filters: ProductFilters, pageCount: number): ProductPages {
  const { api } = useAppServices();
  const offsets = Array.from({ length: Math.max(1, pageCount) }, (_, page) => page * PAGE_SIZE);
  return useQueries({
    queries: offsets.map((offset) => symbolSearchQueryOptions(api, { ...filters, limit: PAGE_SIZE, offset })),
    combine: combinePages,
  });
}
