import { describe, expect, it } from 'vitest';
import type { PlotPoint } from './intraday-points';
import { readoutFields, readoutSentence } from './readout-text';

/** 10:30 in New York and 22:30 in Hong Kong and Shanghai, 25 November 2026. */
const T = Date.parse('2026-11-25T14:30:00Z');

const point = (price: number, avg: number): PlotPoint => ({ slot: 60, time: T, price, avg, volume: 12_345, up: true });

describe('readoutFields', () => {
  it.each([
    ['AAPL.US', 2, 222.05, 221.9681, '221.97'],
    ['5.HK', 2, 93.6, 93.5172, '93.52'],
    ['700.HK', 1, 504.5, 504.33, '504.3'],
    ['600519.SH', 2, 1410.1, 1409.5982, '1,409.60'],
  ] as const)('%s: the average at the panel’s price precision (decimals: %i)', (_symbol, precision, price, avg, shown) => {
    const fields = readoutFields(point(price, avg), precision, 'America/New_York');
    expect(fields.avg).toBe(shown);
    expect(fields.price.split('.')[1]).toHaveLength(precision);
    expect(readoutSentence(fields)).toContain(`average ${shown},`);
  });

  it('shows a line without an average as missing, and reads the clock in the market’s zone', () => {
    const fields = readoutFields(point(504.5, Number.NaN), 1, 'Asia/Hong_Kong');
    expect(fields.time).toBe('22:30');
    expect(fields.avg).not.toMatch(/\d/);
  });
});
