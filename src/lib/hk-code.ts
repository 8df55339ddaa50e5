/**
 * An HK stock's code as Hong Kong writes it, five digits: '700.HK', '700', '0700' → '00700'.
 * The rule for every place a trader reads a code (the HK table and its movers, beside an HK
 * name in the header and the watchlist); the symbol itself stays '700.HK' (shared/symbols.ts).
 * Undefined for anything else: an index's 'HSI', other markets' symbols, six digits (an A-share).
 */
export function hkDisplayCode(symbolOrCode: string): string | undefined {
  const digits = /^(\d{1,5})(?:\.HK)?$/i.exec(symbolOrCode.trim())?.[1];
  return digits === undefined ? undefined : digits.padStart(5, '0').slice(-5);
}

/** The code's box beside a name (the header, the shell's header, a name with its code). */
export const HK_CODE_CLASS = 'mr-1 tabular-nums';
