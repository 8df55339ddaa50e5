/**
 * The catalogue as the search uses it: the server's index downloaded and prepared for local
 * search. Imported on demand only (use-catalog.ts), so neither the search code nor the index
 * weighs on the first page.
 */
import { fetchCatalog } from '../api/catalog-endpoint';
import { prepareCatalogSearch, type CatalogSearch } from '../lib/catalog-search';
import { yieldToPage } from '../lib/yield-to-page';

export async function loadCatalogSearch(signal?: AbortSignal): Promise<CatalogSearch> {
  return prepareCatalogSearch(await fetchCatalog(signal ? { signal } : {}), yieldToPage);
}
