/**
 * Every symbol's names by script, from the catalogue index (loaded once for the search too).
 * Imported on demand only (use-local-name.ts): neither the index nor this lookup weighs on the
 * first page.
 */
import type { QueryClient } from '@tanstack/react-query';
import { localNames, type LocalNames } from '../lib/local-name';
import { catalogQueryOptions } from './use-catalog';

export async function loadLocalNames(queryClient: QueryClient): Promise<LocalNames> {
  const catalog = await queryClient.query(catalogQueryOptions());
  // An empty query lists the whole catalogue, in its order.
  return localNames(catalog.search('', { limit: Number.POSITIVE_INFINITY }).matches.map(({ item }) => item));
}
