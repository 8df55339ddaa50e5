/**
 * Test support (tests only): catalogue indexes and the server's answer carrying one, for the
 * tests of whatever searches the catalogue (palette, watchlist add box, HK filter).
 */
import { CATALOG_PATH, CATALOG_VERSION, type CatalogEntry, type CatalogIndex } from '#shared/catalog.ts';
import type { Market, ProductType } from '#shared/contract.ts';

export { CATALOG_PATH };

export interface ProductRow {
  symbol: string;
  name: string;
  market: Market;
  type: ProductType;
  nameEn?: string;
  pinyin?: string;
}

export function catalogIndexOf(rows: readonly ProductRow[]): CatalogIndex {
  const entries = rows.map((row): CatalogEntry => [row.symbol, row.type, row.market, row.name, row.nameEn ?? '', '', '', row.pinyin ?? '', '', 0]);
  return { version: CATALOG_VERSION, lastUpdated: '2026-11-02T08:00:00+08:00', entries };
}

/** `GET /chartroom/catalog` as the server answers it. */
export function catalogResponse(rows: readonly ProductRow[]): Response {
  return new Response(JSON.stringify(catalogIndexOf(rows)), { headers: { 'Content-Type': 'application/json' } });
}
