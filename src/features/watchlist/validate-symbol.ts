/** What the "Add symbol" box accepts: any symbol shape of the contract (§1.4), once per list. */
import { looksLikeSymbol, normalizeSymbol } from '#shared/symbols.ts';

export type SymbolInput = { ok: true; symbol: string } | { ok: false; message: string };

export const SYMBOL_EXAMPLES = 'AAPL.US, 700.HK, 600519.SH, EURUSD or BTCUSDT';

export function parseSymbolInput(text: string, existing: readonly string[]): SymbolInput {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, message: `Type a symbol to add, e.g. ${SYMBOL_EXAMPLES}.` };
  if (!looksLikeSymbol(trimmed)) {
    const shown = trimmed.length > 24 ? `${trimmed.slice(0, 24)}…` : trimmed;
    return { ok: false, message: `“${shown}” is not a symbol. Symbols look like ${SYMBOL_EXAMPLES}.` };
  }
  const symbol = normalizeSymbol(trimmed);
  if (existing.some((listed) => normalizeSymbol(listed) === symbol)) return { ok: false, message: `${symbol} is already in this list.` };
  return { ok: true, symbol };
}
