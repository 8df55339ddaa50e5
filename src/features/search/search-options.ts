/**
 * The palette's options: loaded products filtered by what the user typed (symbol or name,
 * case-insensitive, `00700.HK` finds `700.HK`), best matches first, and — when the input has a
 * symbol shape — a direct entry "Open <SYMBOL>" first, whether or not the symbol is loaded.
 */
import { PRODUCT_TYPES, type ProductType } from '#shared/contract.ts';
import type { Product } from '../../api/symbol-schemas';
import { looksLikeSymbol, marketOfSymbol, normalizeSymbol } from '#shared/symbols.ts';

export interface SearchOption {
  /** Unique within one list of options. */
  key: string;
  symbol: string;
  name?: string;
  market: string;
  /** Known for products; unknown for a direct entry. */
  type?: ProductType;
  /** Typed by the user, not (necessarily) in the loaded products. */
  direct: boolean;
}

function productType(value: string): ProductType | undefined {
  return (PRODUCT_TYPES as readonly string[]).includes(value) ? (value as ProductType) : undefined;
}

/** 0 best; undefined when the product does not match. */
function rank(product: Product, symbolQuery: string, rawUpper: string, lower: string): number | undefined {
  const symbol = product.symbol.toUpperCase();
  const name = product.name.toLowerCase();
  if (symbol === symbolQuery || symbol === rawUpper) return 0;
  if (symbol.startsWith(symbolQuery) || symbol.startsWith(rawUpper)) return 1;
  if (name.startsWith(lower)) return 2;
  if (symbol.includes(symbolQuery) || symbol.includes(rawUpper)) return 3;
  if (name.includes(lower)) return 4;
  return undefined;
}

export function toOption(product: Product): SearchOption {
  const type = productType(product.type);
  return {
    key: `${product.symbol}|${product.type}`,
    symbol: product.symbol,
    name: product.name,
    market: product.market,
    ...(type && { type }),
    direct: false,
  };
}

export function directOption(query: string): SearchOption | undefined {
  if (!looksLikeSymbol(query)) return undefined;
  const symbol = normalizeSymbol(query);
  return { key: `direct|${symbol}`, symbol, market: marketOfSymbol(symbol), direct: true };
}

export function buildOptions(products: readonly Product[], query: string): SearchOption[] {
  const trimmed = query.trim();
  if (trimmed === '') return products.map(toOption);
  const symbolQuery = normalizeSymbol(trimmed);
  const rawUpper = trimmed.toUpperCase();
  const lower = trimmed.toLowerCase();
  const ranked: { option: SearchOption; rank: number }[] = [];
  for (const product of products) {
    const score = rank(product, symbolQuery, rawUpper, lower);
    if (score !== undefined) ranked.push({ option: toOption(product), rank: score });
  }
  ranked.sort((a, b) => a.rank - b.rank); // stable: the service's order within a rank
  const direct = directOption(trimmed);
  const matches = ranked.map((entry) => entry.option);
  return direct ? [direct, ...matches] : matches;
}
