import { describe, expect, it } from 'vitest';
import type { Ticker } from '../../api/quote-schemas';
import { watchlistCsv } from './watchlist-csv';

const TENCENT: Ticker = {
  symbol: '700.HK',
  name: '腾讯控股',
  last_price: '505',
  prev_close: '509.5',
  bid_price: '504.5',
  price_change_24h: '-4.5',
  price_change_percent_24h: '-0.88',
  volume_24h: '18234500',
  timestamp: Date.UTC(2026, 10, 25, 8, 0, 5),
};

const lines = (csv: string) => csv.split('\r\n');

describe('watchlistCsv', () => {
  it('writes one record per symbol in the list order, at each symbol’s precision', () => {
    const apple: Ticker = {
      symbol: 'AAPL.US',
      name: 'Apple, Inc.',
      last_price: '189.5',
      prev_close: '187.25',
      volume_24h: '51234567',
      timestamp: Date.UTC(2026, 10, 25, 15),
    };
    expect(
      lines(
        watchlistCsv([
          { symbol: '700.HK', ticker: TENCENT },
          { symbol: 'AAPL.US', ticker: apple },
        ]),
      ),
    ).toEqual([
      'symbol,name,last,change,change %,volume,time (UTC)',
      '700.HK,腾讯控股,505.0,-4.5,-0.88,18234500,2026-11-25 08:00:05',
      // Change and percent from the previous close when the quote has none; the comma quoted.
      'AAPL.US,"Apple, Inc.",189.50,2.25,1.20,51234567,2026-11-25 15:00:00',
      '',
    ]);
  });

  it('keeps a symbol without a quote, its cells empty', () => {
    expect(lines(watchlistCsv([{ symbol: 'NOPE.US', ticker: undefined }]))[1]).toBe('NOPE.US,,,,,,');
  });

  it('leaves out what the quote does not carry', () => {
    const bare: Ticker = { symbol: 'EURUSD', last_price: '1.07485', timestamp: Date.UTC(2026, 10, 25) };
    expect(lines(watchlistCsv([{ symbol: 'EURUSD', ticker: bare }]))[1]).toBe('EURUSD,,1.07485,,,,2026-11-25 00:00:00');
  });
});
