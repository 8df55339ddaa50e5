/**
 * What the "Add symbol" box, the search palette and the alert dialog accept: an instrument of the
 * catalogue, named by any spelling of its symbol (00700.HK → 700.HK) or picked among the
 * suggestions, once per list. A symbol the catalogue does not know is refused before anything is
 * added (so nothing is polled for it); one it lists with several types (BTCUSD) needs a type: the
 * one chosen before, the far likelier reading when the user did not type the symbol whole (btc →
 * the crypto pair), or the user's answer.
 */
import { t } from '../i18n/t';
import type { ProductType } from '#shared/contract.ts';
import { looksLikeSymbol, normalizeSymbol } from '#shared/symbols.ts';
import type { CatalogSearch } from './catalog-search';

export type SymbolInput =
  /** `likely`: the type is the likely reading, not the user's answer (keep it as their choice would be). */
  | { ok: true; symbol: string; type?: ProductType; likely?: true }
  | { ok: false; message: string }
  /** Several types: ask which. */
  | { ok: 'choose'; symbol: string; types: ProductType[] };

export const SYMBOL_EXAMPLES = 'AAPL.US, 700.HK, 600519.SH, EURUSD or BTCUSDT';

function shown(text: string): string {
  return text.length > 24 ? `${text.slice(0, 24)}…` : text;
}

/** How the user named a catalogue instrument. */
export interface SymbolNaming {
  /**
   * Typed whole, in any spelling of its symbol (BTCUSD, btc/usd), rather than a part of it or a
   * name whose suggestion was picked (btc, bitcoin): whole, an ambiguous symbol asks which type.
   */
  typedWhole: boolean;
  /** The type the user chose for the symbol before. */
  remembered?: ProductType;
}

/**
 * The reading a trader far more likely means when a symbol is listed under several types and they
 * did not type it whole: a coin pair's forex listing is a CFD shadow of the crypto one (BTCUSD).
 * Undefined when no reading stands out (then the user is asked).
 */
export function likelyType(types: readonly ProductType[]): ProductType | undefined {
  return types.length === 2 && types.includes('crypto') && types.includes('forex') ? 'crypto' : undefined;
}

/** Whether `text` names `symbol` whole, in any spelling of it (not a part of it, nor a name). */
export function namesWhole(text: string, symbol: string, catalog: Pick<CatalogSearch, 'lookup'>): boolean {
  return catalog.lookup(text).some((item) => item.symbol === symbol);
}

/**
 * A catalogue instrument picked or typed: refused when listed already; of several types, taken as
 * the one chosen before or the likely reading, else asked about.
 */
export function acceptSymbol(symbol: string, types: readonly ProductType[], existing: readonly string[], naming: SymbolNaming): SymbolInput {
  if (existing.some((listed) => normalizeSymbol(listed) === symbol)) return { ok: false, message: t('{symbol} is already in this list.', { symbol }) };
  const [only] = types;
  if (types.length === 1 && only !== undefined) return { ok: true, symbol, type: only };
  const { remembered } = naming;
  if (remembered !== undefined && types.includes(remembered)) return { ok: true, symbol, type: remembered };
  const likely = naming.typedWhole ? undefined : likelyType(types);
  if (likely !== undefined) return { ok: true, symbol, type: likely, likely: true };
  return { ok: 'choose', symbol, types: [...types] };
}

/** Typed text, checked against the catalogue. */
export function parseSymbolInput(
  text: string,
  existing: readonly string[],
  catalog: Pick<CatalogSearch, 'lookup'>,
  remembered?: (symbol: string) => ProductType | undefined,
): SymbolInput {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, message: t('Type a symbol to add, e.g. {examples}.', { examples: SYMBOL_EXAMPLES }) };
  const items = catalog.lookup(trimmed);
  const [first] = items;
  if (first === undefined) {
    return looksLikeSymbol(trimmed)
      ? { ok: false, message: t('{symbol} is not in the catalogue: check the spelling, or type a name to search.', { symbol: normalizeSymbol(trimmed) }) }
      : {
          ok: false,
          message: t('Nothing in the catalogue matches “{query}”. Symbols look like {examples}.', { query: shown(trimmed), examples: SYMBOL_EXAMPLES }),
        };
  }
  const types = [...new Set(items.map((item) => item.type))];
  // Found by its symbol (lookup), so typed whole: an ambiguous one asks.
  return acceptSymbol(first.symbol, types, existing, { typedWhole: true, remembered: remembered?.(first.symbol) });
}
