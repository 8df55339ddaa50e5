import { describe, expect, it } from 'vitest';
import { csvRecords } from '../../lib/csv';
import { csvSymbols, pastedSymbols } from './symbol-list-text';

describe('pastedSymbols', () => {
  it('takes symbols between any separators, each once, in order', () => {
    expect(pastedSymbols('AAPL, 700.HK BTCUSDT\n\tMSFT;NVDA.US|aapl  AAPL')).toEqual(['AAPL', '700.HK', 'BTCUSDT', 'MSFT', 'NVDA.US', 'aapl']);
  });

  it('finds nothing in blank text', () => {
    expect(pastedSymbols(' ,\n ;')).toEqual([]);
  });
});

describe('csvSymbols', () => {
  it("reads the watchlist export's file: its first column under the header", () => {
    const file = `\uFEFF${csvRecords([
      ['symbol', 'name', 'last'],
      ['AAPL.US', 'Apple, Inc.', '231.10'],
      ['700.HK', "'=Tencent", '400.2'],
    ])}`;
    expect(csvSymbols(file)).toEqual(['AAPL.US', '700.HK']);
  });

  it("skips a header in the page's language", () => {
    expect(csvSymbols('代码,名称\n600519.SH,贵州茅台\n', ['代码'])).toEqual(['600519.SH']);
  });

  it('reads quoted fields with commas, quotes and line breaks, and CRLF records', () => {
    expect(csvSymbols('"AAPL.US","Apple, ""Inc.""\nline two",1\r\nEURUSD,"Euro\r\nDollar",2\r\n')).toEqual(['AAPL.US', 'EURUSD']);
  });

  it('reads a plain one-column file without a header', () => {
    expect(csvSymbols('AAPL.US\nEURUSD\n\nBTCUSDT')).toEqual(['AAPL.US', 'EURUSD', 'BTCUSDT']);
  });
});
