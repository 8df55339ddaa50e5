/**
 * GLOBAL forex: major, minor and cross pairs plus the spot precious metals (type forex), and a
 * Bitcoin/US-dollar CFD that shares its symbol with the crypto pair BTCUSD (the catalog's
 * ambiguous symbol). Currency is the quote currency; volume is in base-currency units.
 */
import { CURRENCY_NAMES as PAIR_NAMES } from '#shared/currency-names.ts';
import { globalInstrument } from './instrument-builder.ts';
import type { Instrument } from './types.ts';

const CURRENCY_NAMES: Record<string, string> = { ...PAIR_NAMES, BTC: 'Bitcoin' };

type PairRow = readonly [pair: string, price: number, volatility: number, minuteVolume: number];

// Pairs: five decimals, three for JPY quotes.
const PAIRS: readonly PairRow[] = [
  ['EURUSD', 1.08, 0.075, 2_500_000],
  ['USDJPY', 150, 0.09, 2_000_000],
  ['GBPUSD', 1.27, 0.08, 1_200_000],
  ['AUDUSD', 0.66, 0.1, 800_000],
  ['USDCAD', 1.38, 0.065, 700_000],
  ['USDCHF', 0.88, 0.08, 600_000],
  ['NZDUSD', 0.6, 0.1, 300_000],
  ['EURJPY', 162, 0.09, 500_000],
  ['GBPJPY', 190, 0.1, 400_000],
  ['EURGBP', 0.85, 0.06, 400_000],
  ['EURCHF', 0.95, 0.06, 300_000],
  ['EURAUD', 1.64, 0.08, 200_000],
  ['EURCAD', 1.49, 0.07, 150_000],
  ['GBPCHF', 1.12, 0.08, 150_000],
  ['AUDJPY', 99, 0.11, 250_000],
  ['CADJPY', 109, 0.1, 120_000],
  ['CHFJPY', 170, 0.09, 100_000],
  ['NZDJPY', 90, 0.11, 100_000],
  ['AUDNZD', 1.1, 0.06, 100_000],
  ['GBPAUD', 1.93, 0.08, 120_000],
  ['EURNZD', 1.8, 0.08, 80_000],
  ['USDCNH', 7.2, 0.04, 500_000],
  ['USDHKD', 7.78, 0.01, 300_000],
  ['USDSGD', 1.34, 0.05, 200_000],
  ['USDSEK', 10.6, 0.1, 100_000],
  ['USDNOK', 10.9, 0.11, 100_000],
  ['USDMXN', 19.8, 0.12, 150_000],
];

// Metals: two decimals; volume in troy ounces.
const METALS: readonly PairRow[] = [
  ['XAUUSD', 2600, 0.15, 2_000],
  ['XAGUSD', 31, 0.25, 60_000],
  ['XPTUSD', 980, 0.24, 300],
  ['XPDUSD', 1000, 0.33, 150],
];

function pairName(pair: string): string {
  const base = CURRENCY_NAMES[pair.slice(0, 3)] ?? pair.slice(0, 3);
  const quote = CURRENCY_NAMES[pair.slice(3)] ?? pair.slice(3);
  return `${base} / ${quote}`;
}

function forexPair([pair, price, volatility, minuteVolume]: PairRow, decimals: number): Instrument {
  return globalInstrument({
    symbol: pair,
    name: pairName(pair),
    type: 'forex',
    currency: pair.slice(3),
    venue: 'FOREX',
    basePrice: price,
    decimals,
    volatility,
    minuteVolume,
  });
}

export function forexInstruments(): Instrument[] {
  return [
    ...PAIRS.map((row) => forexPair(row, row[0].endsWith('JPY') ? 3 : 5)),
    ...METALS.map((row) => forexPair(row, 2)),
    // The forex side of the ambiguous symbol BTCUSD: a Bitcoin CFD quoted by forex brokers.
    globalInstrument({
      symbol: 'BTCUSD',
      name: `${pairName('BTCUSD')} CFD`,
      type: 'forex',
      currency: 'USD',
      venue: 'FOREX',
      basePrice: 90_000,
      decimals: 2,
      volatility: 0.62,
      minuteVolume: 40,
      listedSince: '20180102',
    }),
  ];
}
