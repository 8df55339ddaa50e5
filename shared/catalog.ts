/**
 * The catalogue index: every instrument of `symbols/available` with the names `stock-info` gives
 * stocks and the pinyin of its Chinese name. The server builds it (server/search/) and serves it
 * at CATALOG_PATH as one JSON document; the browser downloads it once and searches it locally
 * (src/lib/catalog-search.ts), because the API has no keyword search.
 */
import type { Market, ProductType } from './contract.ts';

/** Outside `/v1`: a Chartroom document, not a path of the contract. */
export const CATALOG_PATH = '/chartroom/catalog';

/**
 * The document's format. 3 added `size`; the browser also reads a format 2 document (an older
 * server's), its instruments then of unknown size, and refuses any other.
 */
export const CATALOG_VERSION = 3;
export const CATALOG_VERSIONS_READ = [2, CATALOG_VERSION] as const;

/**
 * One instrument, as a tuple to keep 2,800 of them compact: the product list's symbol, type,
 * market and name; stock-info's `name_en`, `name_cn`, `name_hk` ('' when absent or equal to a
 * name before it in the tuple); the pinyin of its Chinese name as syllables without tones, `ü`
 * written `v`, separated by spaces ('' when no name is Chinese): `腾讯控股` → `teng xun kong gu`;
 * and the words traders type for it that no name holds, `|`-separated (`copper` for CU2612, `gold`
 * for XAUUSD; server/search/aliases.ts), '' for most; and its size, for ranking what a trader
 * most likely means: log10 of US dollars, one decimal (server/search/size.ts), 0 when unknown.
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
  size: number,
];

export interface CatalogIndex {
  version: typeof CATALOG_VERSION;
  /** The product list's `summary.last_updated` the index was built from. */
  lastUpdated: string;
  /** In the product list's order. */
  entries: CatalogEntry[];
}
