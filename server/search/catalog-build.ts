/**
 * Builds the catalogue index from the contract's endpoints: every page of `symbols/available`
 * (1 000 products a page: three requests for today's 2,800), then `stock-info` for the stocks in
 * chunks of 500 symbols (their English, Simplified and Traditional Chinese names), then the pinyin
 * of each Chinese name. Pages after the first and the stock-info chunks go out together.
 */
import { CATALOG_VERSION, type CatalogEntry, type CatalogIndex } from '#shared/catalog.ts';
import { MARKETS, MAX_LIMIT, MAX_STOCK_INFO_SYMBOLS, PRODUCT_TYPES, type Market, type ProductType } from '#shared/contract.ts';
import { oneOf } from '#shared/one-of.ts';
import { normalizeSymbol } from '#shared/symbols.ts';
import { aliasesOf } from './aliases.ts';
import type { PinyinOf } from './pinyin.ts';
import { priorSize, stockSize, type StockSize } from './size.ts';
import { UpstreamDataError, type UpstreamGet } from './upstream-data.ts';

const SYMBOLS_PATH = '/v1/symbols/available';
const STOCK_INFO_PATH = '/v1/market/stock-info';
/** Bound of the pages asked for, whatever `pagination.total` claims (1 000 000 products). */
const MAX_PAGES = 1_000;
/** Entries made between two turns of the event loop (a few milliseconds of pinyin each). */
const ENTRIES_PER_TURN = 250;

interface Product {
  symbol: string;
  name: string;
  market: Market;
  type: ProductType;
}

interface ProductPage {
  products: Product[];
  total: number;
  lastUpdated: string;
}

interface StockNames {
  en: string;
  cn: string;
  hk: string;
  size: StockSize;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

/** A number the API gives as a number or a decimal string; undefined when absent or not one. */
function numberOf(value: unknown): number | undefined {
  const parsed = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;
  return Number.isFinite(parsed) ? parsed : undefined;
}

/**
 * A page's products the dashboard can open: active, with a symbol, and a market and type the
 * contract names (a product of a type added later is left out rather than opened wrongly).
 */
function parsePage(data: unknown): ProductPage {
  if (!isRecord(data) || !Array.isArray(data.products) || !isRecord(data.summary) || !isRecord(data.pagination)) {
    throw new UpstreamDataError(`${SYMBOLS_PATH}: unexpected payload`);
  }
  const total = data.pagination.total;
  if (typeof total !== 'number' || !Number.isSafeInteger(total) || total < 0) throw new UpstreamDataError(`${SYMBOLS_PATH}: no pagination.total`);
  const products: Product[] = [];
  for (const item of data.products) {
    if (!isRecord(item) || item.is_active === false) continue;
    // The dashboard's spelling: upper case, HK codes without leading zeros (00700.HK → 700.HK).
    const symbol = normalizeSymbol(text(item.symbol));
    const market = oneOf(MARKETS, typeof item.market === 'string' ? item.market.toUpperCase() : undefined);
    const type = oneOf(PRODUCT_TYPES, item.type);
    if (symbol !== '' && market !== undefined && type !== undefined) products.push({ symbol, name: text(item.name), market, type });
  }
  return { products, total, lastUpdated: text(data.summary.last_updated) };
}

/** The product list's `summary.last_updated`, asked with the smallest page (a cheap change check). */
export async function fetchLastUpdated(get: UpstreamGet): Promise<string> {
  return parsePage(await get(`${SYMBOLS_PATH}?limit=1`)).lastUpdated;
}

async function fetchProducts(get: UpstreamGet): Promise<{ products: Product[]; lastUpdated: string }> {
  const page = (offset: number): Promise<ProductPage> => get(`${SYMBOLS_PATH}?limit=${String(MAX_LIMIT)}&offset=${String(offset)}`).then(parsePage);
  const first = await page(0);
  const pages = Math.min(Math.ceil(first.total / MAX_LIMIT), MAX_PAGES);
  const rest = await Promise.all(Array.from({ length: Math.max(pages - 1, 0) }, (_, index) => page((index + 1) * MAX_LIMIT)));
  const seen = new Set<string>();
  const products: Product[] = [];
  // A product listed twice (the list moved between two pages) is kept once.
  for (const product of [first, ...rest].flatMap(({ products: listed }) => listed)) {
    const key = `${product.symbol}|${product.type}`;
    if (seen.has(key)) continue;
    seen.add(key);
    products.push(product);
  }
  return { products, lastUpdated: first.lastUpdated };
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  return Array.from({ length: Math.ceil(items.length / size) }, (_, index) => items.slice(index * size, (index + 1) * size));
}

async function fetchStockNames(get: UpstreamGet, symbols: readonly string[]): Promise<Map<string, StockNames>> {
  const answers = await Promise.all(
    chunks(symbols, MAX_STOCK_INFO_SYMBOLS).map((chunk) => get(`${STOCK_INFO_PATH}?symbols=${chunk.map(encodeURIComponent).join(',')}&type=stock`)),
  );
  const names = new Map<string, StockNames>();
  for (const data of answers) {
    if (!Array.isArray(data)) throw new UpstreamDataError(`${STOCK_INFO_PATH}: unexpected payload`);
    for (const item of data) {
      if (!isRecord(item)) continue;
      names.set(normalizeSymbol(text(item.symbol)), {
        en: text(item.name_en),
        cn: text(item.name_cn),
        hk: text(item.name_hk),
        size: { totalShares: numberOf(item.total_shares), bookValuePerShare: numberOf(item.bps), currency: text(item.currency) },
      });
    }
  }
  return names;
}

/** '' for a name already given earlier in the entry: each name is searched once and sent once. */
function distinct(name: string, earlier: readonly string[]): string {
  return earlier.includes(name) ? '' : name;
}

function entryOf(product: Product, names: StockNames | undefined, pinyinOf: PinyinOf): CatalogEntry {
  const en = distinct(names?.en ?? '', [product.name]);
  const cn = distinct(names?.cn ?? '', [product.name, en]);
  const hk = distinct(names?.hk ?? '', [product.name, en, cn]);
  const pinyin = firstPinyin([names?.cn ?? '', product.name, names?.hk ?? ''], pinyinOf);
  const size = product.type === 'stock' ? (names === undefined ? 0 : stockSize(names.size)) : priorSize(product.symbol, product.type);
  return [product.symbol, product.type, product.market, product.name, en, cn, hk, pinyin, aliasesOf(product.symbol, product.type), size];
}

/** The pinyin of the first Chinese name: Simplified first (an HK stock's product name is Chinese too, a US stock's English). */
function firstPinyin(candidates: readonly string[], pinyinOf: PinyinOf): string {
  for (const name of candidates) {
    const pinyin = name === '' ? '' : pinyinOf(name);
    if (pinyin !== '') return pinyin;
  }
  return '';
}

export async function buildCatalogIndex(get: UpstreamGet, pinyinOf: PinyinOf): Promise<CatalogIndex> {
  const { products, lastUpdated } = await fetchProducts(get);
  const stocks = [...new Set(products.filter((product) => product.type === 'stock').map((product) => product.symbol))];
  const names = await fetchStockNames(get, stocks);
  const entries: CatalogEntry[] = [];
  for (const slice of chunks(products, ENTRIES_PER_TURN)) {
    // The pinyin of a whole market's names is CPU work on the server's only thread: between
    // slices the other requests are answered (in one piece it held them for 0.35–0.8 s).
    await new Promise<void>((resolve) => setImmediate(resolve));
    for (const product of slice) entries.push(entryOf(product, product.type === 'stock' ? names.get(normalizeSymbol(product.symbol)) : undefined, pinyinOf));
  }
  return { version: CATALOG_VERSION, lastUpdated, entries };
}
