import { describe, expect, it } from 'vitest';
import { captionText, chartFileName, csvCommentLine, type ChartExportDescription } from './export-description';

const AT = Date.UTC(2026, 10, 26, 20, 31, 0);
const AAPL: ChartExportDescription = { symbol: 'AAPL.US', interval: '1d', adjust: 'forward', timeZone: 'America/New_York', exportedAt: AT };
const BTC: ChartExportDescription = { symbol: 'BTCUSDT', interval: '1h', adjust: undefined, timeZone: 'UTC', exportedAt: AT };

describe('chart export description', () => {
  it('captions a stock with its adjustment, the zone of its times and the export time', () => {
    expect(captionText(AAPL)).toEqual({ title: 'AAPL.US · 1d · forward adjusted', detail: 'Times in America/New_York · exported 2026-11-26 20:31:00 UTC' });
    expect(captionText({ ...AAPL, adjust: 'none' }).title).toBe('AAPL.US · 1d · not adjusted');
    expect(captionText({ ...AAPL, adjust: 'backward' }).title).toBe('AAPL.US · 1d · backward adjusted');
  });

  it('says nothing of adjustment for a product that has none', () => {
    expect(captionText(BTC).title).toBe('BTCUSDT · 1h');
  });

  it('names the series in the CSV comment line (a product without adjustment: none)', () => {
    expect(csvCommentLine(AAPL)).toBe('# AAPL.US 1d adjust=forward zone=America/New_York exported 2026-11-26T20:31:00Z');
    expect(csvCommentLine(BTC)).toBe('# BTCUSDT 1h adjust=none zone=UTC exported 2026-11-26T20:31:00Z');
  });

  it('names the files by symbol, interval, adjustment (stocks) and export minute', () => {
    expect(chartFileName(AAPL, 'png')).toBe('AAPL.US_1d_forward_2026-11-26T2031.png');
    expect(chartFileName(AAPL, 'csv')).toBe('AAPL.US_1d_forward_2026-11-26T2031.csv');
    expect(chartFileName(BTC, 'csv')).toBe('BTCUSDT_1h_2026-11-26T2031.csv');
  });
});
