/**
 * The catalogue index: every instrument of `symbols/available` with the names `stock-info` gives
 * stocks and the pinyin of its Chinese name. The server builds it (server/search/) and serves it
 * at CATALOG_PATH as one JSON document; the browser downloads it once and searches it locally
 * (src/lib/catalog-search.ts), because the API has no keyword search.
 */
import type { Market, ProductType } from './contract.ts';

/** Outside `/v1`: a Chartroom document, not a path of the contract. */
export const CATALOG_PATH = '/chartroom/catalog';

/** The document's format; the browser refuses any other. */
export const CATALOG_VERSION = 2;

/**
 * One instrument, as a tuple to keep 2,800 of them compact: the product list's symbol, type,
 * market and name; stock-info's `name_en`, `name_cn`, `name_hk` ('' when absent or equal to a
 * name before it in the tuple); the pinyin of its Chinese name as syllables without tones, `ü`
 * written `v`, separated by spaces ('' when no name is Chinese): `腾讯控股` → `teng xun kong gu`;
 * and the words traders type for it that no name holds, `|`-separated (`copper` for CU2612, `gold`
 * for XAUUSD; server/search/aliases.ts), '' for most.
 */
export type CatalogEntry = [
  symbol: string,
  type: ProductType,
  market: Market,
  name: string,
  nameEn: string,
  nameCn: string,
  nameHk: string,
  pinyin: string,
  aliases: string,
];

export interface CatalogIndex {
  version: typeof CATALOG_VERSION;
  /** The product list's `summary.last_updated` the index was built from. */
  lastUpdated: string;
  /** In the product list's order. */
  entries: CatalogEntry[];
}
