import { describe, expect, it } from 'vitest';
import { createCatalogSearch } from '../../lib/catalog-search';
import { catalogIndexOf } from '../../queries/catalog.test-support';
import { parseSymbolInput } from './validate-symbol';

const catalog = createCatalogSearch(
  catalogIndexOf([
    { symbol: 'AAPL.US', name: 'Apple', market: 'US', type: 'stock' },
    { symbol: 'BRK.B.US', name: 'Berkshire Hathaway B', market: 'US', type: 'stock' },
    { symbol: '700.HK', name: '腾讯控股', market: 'HK', type: 'stock', nameEn: 'TENCENT' },
    { symbol: '600519.SH', name: '贵州茅台', market: 'CN', type: 'stock' },
    { symbol: '000001.SZ', name: '平安银行', market: 'CN', type: 'stock' },
    { symbol: 'EURUSD', name: 'Euro / US Dollar', market: 'GLOBAL', type: 'forex' },
    { symbol: 'BTCUSD', name: 'Bitcoin / US Dollar', market: 'GLOBAL', type: 'crypto' },
    { symbol: 'BTCUSD', name: 'Bitcoin / US Dollar CFD', market: 'GLOBAL', type: 'forex' },
    { symbol: 'AU2612', name: '沪金2612', market: 'CN', type: 'futures' },
  ]),
);

describe('parseSymbolInput', () => {
  it('accepts a catalogue instrument in any spelling of its symbol, in the catalogue’s spelling', () => {
    const accepted = ['aapl.us', 'aapl', ' 00700.hk ', '700', '0700.HK', '600519', '000001.sz', 'eurusd', 'au2612', 'BRK.B.US'];
    expect(accepted.map((text) => parseSymbolInput(text, [], catalog))).toEqual(
      [
        ['AAPL.US', 'stock'],
        ['AAPL.US', 'stock'],
        ['700.HK', 'stock'],
        ['700.HK', 'stock'],
        ['700.HK', 'stock'],
        ['600519.SH', 'stock'],
        ['000001.SZ', 'stock'],
        ['EURUSD', 'forex'],
        ['AU2612', 'futures'],
        ['BRK.B.US', 'stock'],
      ].map(([symbol, type]) => ({ ok: true, symbol, type })),
    );
  });

  it('refuses a symbol the catalogue does not know, saying so', () => {
    expect(parseSymbolInput('ZZZZ.US', [], catalog)).toEqual({
      ok: false,
      message: 'ZZZZ.US is not in the catalogue: check the spelling, or type a name to search.',
    });
    expect(parseSymbolInput('apple inc', [], catalog)).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^Nothing in the catalogue matches “apple inc”/) as unknown,
    });
    expect(parseSymbolInput('   ', [], catalog)).toMatchObject({ ok: false, message: expect.stringMatching(/^Type a symbol/) as unknown });
  });

  it('refuses a symbol already in the list, in any of its spellings', () => {
    expect(parseSymbolInput('00700.HK', ['700.HK'], catalog)).toEqual({ ok: false, message: '700.HK is already in this list.' });
    expect(parseSymbolInput('aapl', ['AAPL.US'], catalog)).toEqual({ ok: false, message: 'AAPL.US is already in this list.' });
  });

  it('asks which type an ambiguous symbol is, unless one was chosen before', () => {
    expect(parseSymbolInput('btcusd', [], catalog)).toEqual({ ok: 'choose', symbol: 'BTCUSD', types: ['crypto', 'forex'] });
    expect(parseSymbolInput('btcusd', [], catalog, () => 'forex')).toEqual({ ok: true, symbol: 'BTCUSD', type: 'forex' });
  });
});
