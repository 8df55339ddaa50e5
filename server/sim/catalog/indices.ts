/**
 * GLOBAL indices under bare codes, each following the calendar of its home market and quoted in
 * its local currency. No bid/ask. Volume is the constituents' shares traded per minute.
 */
import { globalInstrument } from './instrument-builder.ts';
import type { Instrument, VenueId } from './types.ts';

type IndexRow = readonly [code: string, name: string, venue: VenueId, currency: string, level: number, volatility: number, minuteVolume: number];

const INDICES: readonly IndexRow[] = [
  ['SPX', 'S&P 500', 'US', 'USD', 6_000, 0.17, 6_000_000],
  ['NDX', 'Nasdaq 100', 'US', 'USD', 21_000, 0.21, 3_500_000],
  ['DJI', 'Dow Jones Industrial Average', 'US', 'USD', 44_000, 0.16, 900_000],
  ['RUT', 'Russell 2000', 'US', 'USD', 2_300, 0.22, 4_000_000],
  ['HSI', 'Hang Seng Index', 'HK', 'HKD', 26_000, 0.22, 8_000_000],
  ['HSCEI', 'Hang Seng China Enterprises Index', 'HK', 'HKD', 9_200, 0.25, 5_000_000],
  ['HSTECH', 'Hang Seng TECH Index', 'HK', 'HKD', 5_800, 0.32, 4_000_000],
  ['SSEC', 'SSE Composite Index', 'CN', 'CNY', 3_900, 0.18, 180_000_000],
  ['SZSC', 'SZSE Component Index', 'CN', 'CNY', 13_000, 0.22, 200_000_000],
  ['CSI300', 'CSI 300 Index', 'CN', 'CNY', 4_600, 0.19, 70_000_000],
  ['N225', 'Nikkei 225', 'JP', 'JPY', 48_000, 0.2, 3_000_000],
  ['FTSE', 'FTSE 100', 'UK', 'GBP', 9_600, 0.14, 1_500_000],
  ['GDAXI', 'DAX', 'EU', 'EUR', 24_000, 0.18, 250_000],
  ['FCHI', 'CAC 40', 'EU', 'EUR', 8_000, 0.18, 200_000],
];

export function indexInstruments(): Instrument[] {
  return INDICES.map(([code, name, venue, currency, level, volatility, minuteVolume]) =>
    globalInstrument({ symbol: code, name, type: 'indices', currency, venue, basePrice: level, decimals: 2, volatility, minuteVolume }),
  );
}
