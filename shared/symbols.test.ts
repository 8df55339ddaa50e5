import { describe, expect, it } from 'vitest';
import {
  hkCodeOf,
  hkFeedToSymbol,
  instrumentTimeZone,
  isStockSymbol,
  looksLikeSymbol,
  marketOfSymbol,
  marketTimeZone,
  normalizeSymbol,
  symbolCode,
} from './symbols.ts';

describe('symbols', () => {
  it('reads the market from the suffix', () => {
    expect(marketOfSymbol('AAPL.US')).toBe('US');
    expect(marketOfSymbol('700.HK')).toBe('HK');
    expect(marketOfSymbol('600519.SH')).toBe('CN');
    expect(marketOfSymbol('000001.sz')).toBe('CN');
    expect(marketOfSymbol('430047.BJ')).toBe('CN');
    expect(marketOfSymbol('EURUSD')).toBe('GLOBAL');
    expect(marketOfSymbol('AU2612')).toBe('GLOBAL');
    expect(marketOfSymbol('.US')).toBe('GLOBAL');
  });

  it('tells stocks from bare codes', () => {
    expect(isStockSymbol('BRK.B.US')).toBe(true);
    expect(isStockSymbol('00700.HK')).toBe(true);
    expect(isStockSymbol('SPX')).toBe(false);
    expect(isStockSymbol('BTCUSDT')).toBe(false);
  });

  it('normalises case, spaces and HK leading zeros', () => {
    expect(normalizeSymbol(' 00700.hk ')).toBe('700.HK');
    expect(normalizeSymbol('00005.HK')).toBe('5.HK');
    expect(normalizeSymbol('0.HK')).toBe('0.HK');
    expect(normalizeSymbol('aapl.us')).toBe('AAPL.US');
    // A-share codes keep their zeros: they are part of the code.
    expect(normalizeSymbol('000001.sz')).toBe('000001.SZ');
  });

  it('maps full-HK feed codes to symbols, leaving index names alone', () => {
    expect(hkFeedToSymbol('700')).toBe('700.HK');
    expect(hkFeedToSymbol('00700')).toBe('700.HK');
    expect(hkFeedToSymbol('HSI')).toBe('HSI');
  });

  it('knows each market time zone', () => {
    expect(marketTimeZone('US')).toBe('America/New_York');
    expect(marketTimeZone('HK')).toBe('Asia/Hong_Kong');
    expect(marketTimeZone('CN')).toBe('Asia/Shanghai');
    expect(marketTimeZone('GLOBAL')).toBe('UTC');
  });

  it('accepts every symbol shape of the contract', () => {
    for (const s of [
      'AAPL.US',
      'brk.b.us',
      '700.HK',
      '00700.HK',
      '600519.SH',
      '000001.SZ',
      '430047.BJ',
      'EURUSD',
      'XAUUSD',
      'BTCUSDT',
      'SPX',
      'AU2612',
      ' spx ',
    ]) {
      expect(looksLikeSymbol(s), s).toBe(true);
    }
  });

  it('rejects garbage', () => {
    for (const s of [
      '',
      '   ',
      'AAPL US',
      'AAPL,US',
      'EUR/USD',
      '$SPX',
      'apple inc',
      '700',
      '123456.HK',
      '60051.SH',
      '.US',
      'X',
      'A'.repeat(21),
      'ABCDEFGHIJKLMNOPQR.US',
    ]) {
      expect(looksLikeSymbol(s), s).toBe(false);
    }
  });
});

describe('instrument markets', () => {
  it('places China futures in CN by type, and only suffixed symbols in session markets', async () => {
    const { marketOfInstrument, sessionMarketOf } = await import('./symbols.ts');
    expect(marketOfInstrument('AU2612', 'futures')).toBe('CN');
    expect(marketOfInstrument('AU2612', undefined)).toBe('GLOBAL');
    expect(marketOfInstrument('700.HK', 'stock')).toBe('HK');
    expect(sessionMarketOf('600519.SH')).toBe('CN');
    expect(sessionMarketOf('EURUSD')).toBeUndefined();
  });
  it('dates China futures in CN and everything else by the symbol (trades, order book, chart, history pages)', () => {
    expect(instrumentTimeZone('AU2612', 'futures')).toBe('Asia/Shanghai');
    expect(instrumentTimeZone('700.HK', 'stock')).toBe('Asia/Hong_Kong');
    expect(instrumentTimeZone('AAPL.US', undefined)).toBe('America/New_York');
    expect(instrumentTimeZone('BTCUSDT', 'crypto')).toBe('UTC');
  });
});

describe('symbolCode', () => {
  it('drops an exchange suffix and upper-cases', () => {
    expect(['nvda.us', '700.HK', '600519.sh', 'BRK.B.US', '430047.BJ'].map(symbolCode)).toEqual(['NVDA', '700', '600519', 'BRK.B', '430047']);
  });

  it('keeps bare codes and dots that are not an exchange suffix', () => {
    expect(['ETHUSDT', 'au2612', 'BRK.B'].map(symbolCode)).toEqual(['ETHUSDT', 'AU2612', 'BRK.B']);
  });
});

describe('hkCodeOf', () => {
  it('reads 1–5 digits as an HK code without leading zeros', () => {
    expect(['700', '00700', '0700', '5', '00005', '0'].map(hkCodeOf)).toEqual(['700', '700', '700', '5', '5', '0']);
  });

  it('is undefined for anything else (six digits are an A-share code)', () => {
    expect(['600519', '000001', '700.HK', 'AAPL', ''].map(hkCodeOf)).toEqual([undefined, undefined, undefined, undefined, undefined]);
  });
});
