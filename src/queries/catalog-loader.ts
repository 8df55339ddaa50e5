/**
 * The catalogue as the search uses it: the server's index downloaded and prepared for local
 * search. Imported on demand only (use-catalog.ts), so neither the search code nor the index
 * weighs on the first page.
 */
import { fetchCatalog } from '../api/catalog-endpoint';
import { createCatalogSearch, type CatalogSearch } from '../lib/catalog-search';

export async function loadCatalogSearch(signal?: AbortSignal): Promise<CatalogSearch> {
  return createCatalogSearch(await fetchCatalog(signal ? { signal } : {}));
}
