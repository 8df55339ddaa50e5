import { describe, expect, it } from 'vitest';
import { canonicalSymbol, lookupSymbol } from './lookup.ts';

function found(raw: string, type?: Parameters<typeof lookupSymbol>[1]): string {
  const result = lookupSymbol(raw, type);
  if (result.kind !== 'found') throw new Error(`${raw}: ${result.kind}`);
  return `${result.instrument.type}:${result.instrument.symbol}`;
}

describe('lookupSymbol', () => {
  it('accepts HK codes with or without leading zeros, in any case', () => {
    for (const raw of ['700.HK', '00700.HK', '0700.hk', ' 700.Hk ']) expect(found(raw)).toBe('stock:700.HK');
    expect(found('00005.HK')).toBe('stock:5.HK');
    expect(found('09988.HK')).toBe('stock:9988.HK');
  });

  it('trims and ignores case for every shape', () => {
    expect(found(' aapl.us ')).toBe('stock:AAPL.US');
    expect(found('AAPL.US')).toBe('stock:AAPL.US');
    expect(found('600519.sh')).toBe('stock:600519.SH');
    expect(found('eurusd')).toBe('forex:EURUSD');
    expect(found('btcusdt')).toBe('crypto:BTCUSDT');
    expect(found('hsi')).toBe('indices:HSI');
    expect(found('au2612')).toBe('futures:AU2612');
  });

  it('returns the same catalog object for every spelling', () => {
    const a = lookupSymbol('700.HK');
    const b = lookupSymbol('00700.hk');
    expect(a.kind === 'found' && b.kind === 'found' && a.instrument === b.instrument).toBe(true);
  });

  it('reports BTCUSD as ambiguous without a type and resolves it with one', () => {
    const result = lookupSymbol('BTCUSD');
    expect(result.kind).toBe('ambiguous');
    if (result.kind === 'ambiguous') {
      expect(result.candidates.map((instrument) => instrument.type).sort()).toEqual(['crypto', 'forex']);
    }
    expect(found('BTCUSD', 'crypto')).toBe('crypto:BTCUSD');
    expect(found('btcusd', 'forex')).toBe('forex:BTCUSD');
    const crypto = lookupSymbol('BTCUSD', 'crypto');
    expect(crypto.kind === 'found' && crypto.instrument.currency).toBe('USD');
  });

  it('finds nothing for unknown symbols, bare HK zeros, or a type that does not match', () => {
    for (const raw of ['', '   ', 'NOPE.US', 'AAPL', '700', '0.HK', '00000.HK', '700.HKX', 'AAPL.HK', 'XAUUSD.US']) {
      expect(lookupSymbol(raw).kind, raw).toBe('not-found');
    }
    expect(lookupSymbol('AAPL.US', 'crypto').kind).toBe('not-found');
    expect(lookupSymbol('700.HK', 'indices').kind).toBe('not-found');
    expect(lookupSymbol('BTCUSD', 'stock').kind).toBe('not-found');
    expect(found('700.HK', 'stock')).toBe('stock:700.HK');
  });
});

describe('canonicalSymbol', () => {
  it('upper-cases and strips HK leading zeros only', () => {
    expect(canonicalSymbol(' 00700.hk ')).toBe('700.HK');
    expect(canonicalSymbol('000001.sz')).toBe('000001.SZ');
    expect(canonicalSymbol('0.HK')).toBe('0.HK');
  });
});
