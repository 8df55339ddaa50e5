/**
 * Adding many symbols at once (the import dialog): each is checked against the catalogue as the
 * "Add symbol" box checks one, the good ones added in the order given, the rest reported by
 * name. A symbol the catalogue lists under several types takes the one chosen before, or the
 * reading a trader surely means (BTCUSD: the coin pair), else it is reported as needing a type
 * (the "Add symbol" box asks which).
 */
import type { ProductType } from '#shared/contract.ts';
import { normalizeSymbol } from '#shared/symbols.ts';
import type { CatalogSearch } from '../../lib/catalog-search';
import { likelyType, parseSymbolInput } from './validate-symbol';

export interface ImportPlan {
  /** To add, in order, with the type to remember when the catalogue lists several. */
  add: { symbol: string; type?: ProductType }[];
  /** In the list already (or twice in the text, under two spellings). */
  present: string[];
  /** Not in the catalogue, as typed. */
  unknown: string[];
  /** Listed under several types, none of them likelier. */
  ambiguous: string[];
}

export function planImport(
  candidates: readonly string[],
  existing: readonly string[],
  catalog: Pick<CatalogSearch, 'lookup'>,
  remembered: (symbol: string) => ProductType | undefined,
): ImportPlan {
  const plan: ImportPlan = { add: [], present: [], unknown: [], ambiguous: [] };
  const listed = [...existing];
  for (const candidate of candidates) {
    const result = parseSymbolInput(candidate, listed, catalog, remembered);
    if (result.ok === false) {
      // Only two refusals for a word: listed already, or unknown to the catalogue.
      if (catalog.lookup(candidate).length > 0) plan.present.push(normalizeSymbol(candidate));
      else plan.unknown.push(candidate);
      continue;
    }
    const type = result.ok === true ? result.type : likelyType(result.types);
    if (result.ok === 'choose' && type === undefined) {
      plan.ambiguous.push(result.symbol);
      continue;
    }
    plan.add.push({ symbol: result.symbol, ...(type && { type }) });
    listed.push(result.symbol);
  }
  return plan;
}
