import { describe, expect, it } from 'vitest';
import { catalogIndexOf } from '../queries/catalog.test-support';
import { createCatalogSearch } from './catalog-search';
import { acceptSymbol, namesWhole, parseSymbolInput } from './symbol-input';

const catalog = createCatalogSearch(
  catalogIndexOf([
    { symbol: '700.HK', name: '腾讯控股', market: 'HK', type: 'stock' },
    { symbol: 'BTCUSD', name: 'Bitcoin / US Dollar', market: 'GLOBAL', type: 'crypto' },
    { symbol: 'BTCUSD', name: 'Bitcoin / US Dollar CFD', market: 'GLOBAL', type: 'forex' },
    { symbol: 'XAUUSD', name: 'Gold / US Dollar', market: 'GLOBAL', type: 'forex' },
    { symbol: 'XAUUSD', name: 'Gold / US Dollar (futures)', market: 'GLOBAL', type: 'futures' },
  ]),
);
const COIN: ('crypto' | 'forex')[] = ['crypto', 'forex'];

describe('acceptSymbol', () => {
  it('takes a symbol of one type with it, whoever named it how', () => {
    expect(acceptSymbol('700.HK', ['stock'], [], { typedWhole: true })).toEqual({ ok: true, symbol: '700.HK', type: 'stock' });
    expect(acceptSymbol('700.HK', ['stock'], [], { typedWhole: false })).toEqual({ ok: true, symbol: '700.HK', type: 'stock' });
  });

  it('takes a coin pair picked from a part or a name (btc, bitcoin) as the crypto pair, saying it was the likely reading', () => {
    expect(acceptSymbol('BTCUSD', COIN, [], { typedWhole: false })).toEqual({ ok: true, symbol: 'BTCUSD', type: 'crypto', likely: true });
  });

  it('asks about a coin pair typed whole (BTCUSD): the user named that symbol, not a coin', () => {
    expect(acceptSymbol('BTCUSD', COIN, [], { typedWhole: true })).toEqual({ ok: 'choose', symbol: 'BTCUSD', types: COIN });
  });

  it('takes the type chosen before over the likely reading, and ignores one the symbol is not listed as', () => {
    expect(acceptSymbol('BTCUSD', COIN, [], { typedWhole: false, remembered: 'forex' })).toEqual({ ok: true, symbol: 'BTCUSD', type: 'forex' });
    expect(acceptSymbol('BTCUSD', COIN, [], { typedWhole: true, remembered: 'forex' })).toEqual({ ok: true, symbol: 'BTCUSD', type: 'forex' });
    expect(acceptSymbol('BTCUSD', COIN, [], { typedWhole: true, remembered: 'stock' })).toEqual({ ok: 'choose', symbol: 'BTCUSD', types: COIN });
  });

  it('asks where no reading stands out, however it was named', () => {
    expect(acceptSymbol('XAUUSD', ['forex', 'futures'], [], { typedWhole: false })).toEqual({ ok: 'choose', symbol: 'XAUUSD', types: ['forex', 'futures'] });
  });

  it('refuses a symbol listed already, before any reading', () => {
    expect(acceptSymbol('BTCUSD', COIN, ['BTCUSD'], { typedWhole: false })).toEqual({ ok: false, message: 'BTCUSD is already in this list.' });
  });
});

describe('namesWhole', () => {
  it('is true for any spelling of the symbol, false for a part of it or a name', () => {
    for (const text of ['BTCUSD', ' btcusd ', 'btc/usd', 'BTC-USD']) expect(namesWhole(text, 'BTCUSD', catalog), text).toBe(true);
    for (const text of ['btc', 'bitcoin', 'BTCUSDT']) expect(namesWhole(text, 'BTCUSD', catalog), text).toBe(false);
    expect(namesWhole('00700.hk', '700.HK', catalog)).toBe(true);
  });
});

describe('parseSymbolInput', () => {
  it('asks about a coin pair typed whole in a plain field (the alert dialog), as the add box does', () => {
    expect(parseSymbolInput('btc/usd', [], catalog)).toEqual({ ok: 'choose', symbol: 'BTCUSD', types: COIN });
  });
});
