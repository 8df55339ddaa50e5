/**
 * Symbol resolution as the contract describes it: case-insensitive, surrounding blanks ignored,
 * HK codes with or without leading zeros, and `type` to tell apart a symbol that names products
 * of several types.
 */
import type { ProductType } from '#shared/contract.ts';
import { allInstruments } from './catalog.ts';
import type { Instrument } from './types.ts';

export type LookupResult = { kind: 'found'; instrument: Instrument } | { kind: 'ambiguous'; candidates: readonly Instrument[] } | { kind: 'not-found' };

const NOT_FOUND: LookupResult = Object.freeze({ kind: 'not-found' });

/** The catalog's spelling of a user-typed symbol: upper case, HK codes without leading zeros. */
export function canonicalSymbol(raw: string): string {
  const text = raw.trim().toUpperCase();
  const hk = /^0*(\d+)\.HK$/.exec(text);
  return hk ? `${hk[1] ?? ''}.HK` : text;
}

let index: ReadonlyMap<string, readonly Instrument[]> | undefined;

function symbolIndex(): ReadonlyMap<string, readonly Instrument[]> {
  if (!index) {
    const map = new Map<string, Instrument[]>();
    for (const instrument of allInstruments()) {
      const key = canonicalSymbol(instrument.symbol);
      const list = map.get(key);
      if (list) list.push(instrument);
      else map.set(key, [instrument]);
    }
    index = map;
  }
  return index;
}

/** Builds the catalogue and the index of its symbols (the simulator's warm-up). */
export function warmSymbolIndex(): void {
  symbolIndex();
}

export function lookupSymbol(raw: string, type?: ProductType): LookupResult {
  const all = symbolIndex().get(canonicalSymbol(raw)) ?? [];
  const candidates = type === undefined ? all : all.filter((instrument) => instrument.type === type);
  const [first] = candidates;
  if (!first) return NOT_FOUND;
  return candidates.length === 1 ? { kind: 'found', instrument: first } : { kind: 'ambiguous', candidates };
}
