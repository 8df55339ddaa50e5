import { describe, expect, it } from 'vitest';
import type { Candle } from '#shared/candle.ts';
import type { ChartExportDescription } from './export-description';
import { klineCsv, seriesDecimals } from './kline-csv';

const AT = Date.UTC(2026, 10, 26, 20, 31, 0);
const DESCRIPTION: ChartExportDescription = { symbol: 'AAPL.US', interval: '1d', adjust: 'forward', timeZone: 'America/New_York', exportedAt: AT };
/** 2026-11-24 and -25, 00:00 New York (05:00 UTC). */
const DAY_1 = Date.UTC(2026, 10, 24, 5);
const DAY_2 = Date.UTC(2026, 10, 25, 5);

const lines = (csv: string) => csv.split('\r\n');

describe('klineCsv', () => {
  it('writes a comment line, a header and one record per candle, oldest first, CRLF-ended', () => {
    const candles: Candle[] = [
      { time: DAY_1, open: 187.5, high: 189.1234, low: 186, close: 188.25, volume: 51234567, quoteVolume: 9650000000.5 },
      { time: DAY_2, open: 188.25, high: 190, low: 187.75, close: 189.5, volume: 40000000, quoteVolume: 7580000000 },
    ];
    expect(lines(klineCsv(DESCRIPTION, candles))).toEqual([
      '# AAPL.US 1d adjust=forward zone=America/New_York exported 2026-11-26T20:31:00Z',
      'time (America/New_York),time_ms,open,high,low,close,volume,quote_volume',
      `2026-11-24 00:00:00,${String(DAY_1)},187.5000,189.1234,186.0000,188.2500,51234567,9650000000.5`,
      `2026-11-25 00:00:00,${String(DAY_2)},188.2500,190.0000,187.7500,189.5000,40000000,7580000000`,
      '',
    ]);
  });

  it('gives times in the zone asked for', () => {
    const candles: Candle[] = [{ time: Date.UTC(2026, 10, 25, 14, 30), open: 1, high: 1, low: 1, close: 1, volume: 0 }];
    const utc = lines(klineCsv({ ...DESCRIPTION, timeZone: 'UTC' }, candles));
    const hk = lines(klineCsv({ ...DESCRIPTION, timeZone: 'Asia/Hong_Kong' }, candles));
    expect(utc[1]?.startsWith('time (UTC),')).toBe(true);
    expect(utc[2]?.startsWith('2026-11-25 14:30:00,')).toBe(true);
    expect(hk[2]?.startsWith('2026-11-25 22:30:00,')).toBe(true);
  });

  it('includes open interest for futures and leaves out the quote volume no candle has', () => {
    const candles: Candle[] = [
      { time: DAY_1, open: 3001, high: 3010, low: 2990, close: 3005, volume: 1200, openInterest: 45000 },
      { time: DAY_2, open: 3005, high: 3020, low: 3000, close: 3018, volume: 1300 },
    ];
    const csv = lines(klineCsv({ ...DESCRIPTION, symbol: 'AU2612', adjust: undefined }, candles));
    expect(csv[0]).toContain('adjust=none');
    expect(csv[1]).toBe('time (America/New_York),time_ms,open,high,low,close,volume,open_interest');
    expect(csv[2]?.endsWith(',3001,3010,2990,3005,1200,45000')).toBe(true);
    // A candle without the value others have: the cell is empty, the column stays.
    expect(csv[3]?.endsWith(',3005,3020,3000,3018,1300,')).toBe(true);
  });

  it('writes only the header for no candles', () => {
    expect(lines(klineCsv(DESCRIPTION, []))).toHaveLength(3);
  });
});

describe('seriesDecimals', () => {
  it('is the most decimals any price has, so old adjusted candles are not rounded to recent ones', () => {
    const candles: Candle[] = [
      { time: DAY_1, open: 12.3456, high: 12.5, low: 12.1, close: 12.4, volume: 1 },
      ...Array.from({ length: 300 }, (_, i): Candle => ({ time: DAY_2 + i, open: 100.5, high: 101, low: 100, close: 100.25, volume: 1 })),
    ];
    expect(seriesDecimals(candles)).toBe(4);
    expect(seriesDecimals([])).toBe(0);
  });
});
