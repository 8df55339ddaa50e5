import { describe, expect, it } from 'vitest';
import { parseSymbolInput } from './validate-symbol';

describe('parseSymbolInput', () => {
  it('accepts every symbol shape of the contract, normalised', () => {
    const accepted = ['aapl.us', ' 00700.hk ', '600519.SH', '000001.sz', '430047.BJ', 'eurusd', 'XAUUSD', 'btcusdt', 'SPX', 'AU2612', 'BRK.B.US'];
    expect(accepted.map((text) => parseSymbolInput(text, []))).toEqual(
      ['AAPL.US', '700.HK', '600519.SH', '000001.SZ', '430047.BJ', 'EURUSD', 'XAUUSD', 'BTCUSDT', 'SPX', 'AU2612', 'BRK.B.US'].map((symbol) => ({ ok: true, symbol })),
    );
  });

  it('explains what is wrong with other input', () => {
    expect(parseSymbolInput('   ', [])).toMatchObject({ ok: false, message: expect.stringMatching(/^Type a symbol/) as unknown });
    expect(parseSymbolInput('apple inc', [])).toMatchObject({ ok: false, message: expect.stringMatching(/^“apple inc” is not a symbol/) as unknown });
    expect(parseSymbolInput('700.XX', [])).toMatchObject({ ok: false });
    expect(parseSymbolInput('12345', [])).toMatchObject({ ok: false });
  });

  it('refuses a symbol already in the list, in any of its shapes', () => {
    expect(parseSymbolInput('00700.HK', ['700.HK'])).toEqual({ ok: false, message: '700.HK is already in this list.' });
    expect(parseSymbolInput('aapl.us', ['AAPL.US'])).toEqual({ ok: false, message: 'AAPL.US is already in this list.' });
  });
});
