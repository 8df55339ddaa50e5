/** Turning requested symbols into catalog instruments, with the contract's errors. */
import { AMBIGUOUS_SYMBOL, type ProductType } from '#shared/contract.ts';
import { lookupSymbol } from '../catalog/lookup.ts';
import type { Instrument } from '../catalog/types.ts';
import { SimError } from '../http/sim-error.ts';

export interface Resolved {
  /** The symbol as the caller wrote it (trimmed, upper-cased): answers echo it. */
  symbol: string;
  instrument: Instrument;
}

function ambiguous(symbol: string, candidates: readonly Instrument[]): SimError {
  const types = candidates.map((candidate) => candidate.type);
  return new SimError(2001, `${AMBIGUOUS_SYMBOL}: ${symbol} is listed as ${types.join(' and ')}; pass type`, {
    error: AMBIGUOUS_SYMBOL,
    data: { symbol, types },
  });
}

/** One symbol: 2002 when unknown, 2001 AMBIGUOUS_SYMBOL when several types match. */
export function resolveSymbol(raw: string, type: ProductType | undefined): Resolved {
  const symbol = raw.trim().toUpperCase();
  const result = lookupSymbol(symbol, type);
  if (result.kind === 'ambiguous') throw ambiguous(symbol, result.candidates);
  if (result.kind === 'not-found') throw new SimError(2002, symbol);
  return { symbol, instrument: result.instrument };
}

/**
 * Several symbols: unknown ones are left out of the answer so one stale symbol does not sink a
 * batch; if none is known, 2002. An ambiguous one fails the request (the caller must choose).
 */
export function resolveSymbols(raws: readonly string[], type: ProductType | undefined): Resolved[] {
  const resolved: Resolved[] = [];
  for (const raw of raws) {
    const symbol = raw.trim().toUpperCase();
    const result = lookupSymbol(symbol, type);
    if (result.kind === 'ambiguous') throw ambiguous(symbol, result.candidates);
    if (result.kind === 'found') resolved.push({ symbol, instrument: result.instrument });
  }
  if (resolved.length === 0) throw new SimError(2002, raws.join(','));
  return resolved;
}
