import { describe, expect, it } from 'vitest';
import { exportFileName, fileStamp, isoSeconds, zonedDateTime } from './export-text';

const AT = Date.UTC(2026, 10, 26, 20, 31, 7, 450);

describe('export text', () => {
  it('gives the export time in UTC, to the second and to the minute for file names', () => {
    expect(isoSeconds(AT)).toBe('2026-11-26T20:31:07Z');
    expect(fileStamp(AT)).toBe('2026-11-26T2031');
  });

  it('writes wall-clock date-times in a zone, DST included', () => {
    expect(zonedDateTime(AT, 'UTC')).toBe('2026-11-26 20:31:07');
    expect(zonedDateTime(AT, 'America/New_York')).toBe('2026-11-26 15:31:07');
    expect(zonedDateTime(Date.UTC(2026, 6, 1, 13, 30), 'America/New_York')).toBe('2026-07-01 09:30:00');
    expect(zonedDateTime(AT, 'Asia/Hong_Kong')).toBe('2026-11-27 04:31:07');
  });

  it('joins file name parts, skipping empty ones and replacing unsafe characters', () => {
    expect(exportFileName(['AAPL.US', '1d', 'forward'], AT, 'png')).toBe('AAPL.US_1d_forward_2026-11-26T2031.png');
    expect(exportFileName(['BTCUSDT', '1h', ''], AT, 'csv')).toBe('BTCUSDT_1h_2026-11-26T2031.csv');
    expect(exportFileName(['watchlist', 'US tech / AI: "best"'], AT, 'csv')).toBe('watchlist_US-tech-AI-best-_2026-11-26T2031.csv');
  });
});
