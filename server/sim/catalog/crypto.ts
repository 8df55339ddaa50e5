/**
 * GLOBAL crypto: USDT pairs with per-coin decimals, trading around the clock, and BTCUSD (the
 * crypto side of the ambiguous symbol, quoted in US dollars). Volume is in coins.
 */
import { globalInstrument } from './instrument-builder.ts';
import type { Instrument } from './types.ts';

type CoinRow = readonly [coin: string, name: string, price: number, decimals: number, volatility: number, minuteVolume: number, listedSince?: string];

const COINS: readonly CoinRow[] = [
  ['BTC', 'Bitcoin', 90_000, 2, 0.6, 14],
  ['ETH', 'Ethereum', 3_200, 2, 0.72, 250],
  ['SOL', 'Solana', 180, 2, 0.85, 2_500, '20200811'],
  ['BNB', 'BNB', 900, 2, 0.65, 300],
  ['XRP', 'XRP', 2.3, 4, 0.8, 180_000],
  ['DOGE', 'Dogecoin', 0.2, 5, 0.9, 1_200_000, '20190705'],
  ['ADA', 'Cardano', 0.7, 4, 0.85, 250_000],
  ['TRX', 'TRON', 0.3, 5, 0.7, 400_000],
  ['AVAX', 'Avalanche', 25, 2, 0.9, 3_000, '20200922'],
  ['LINK', 'Chainlink', 18, 2, 0.85, 4_000, '20190116'],
  ['DOT', 'Polkadot', 4.5, 3, 0.85, 15_000, '20200818'],
  ['LTC', 'Litecoin', 100, 2, 0.75, 700],
  ['BCH', 'Bitcoin Cash', 500, 2, 0.75, 150, '20171128'],
  ['SHIB', 'Shiba Inu', 0.000013, 8, 0.9, 4_000_000_000, '20210510'],
  ['UNI', 'Uniswap', 8, 3, 0.9, 8_000, '20200917'],
  ['ATOM', 'Cosmos', 5, 3, 0.85, 9_000, '20190429'],
  ['XLM', 'Stellar', 0.3, 5, 0.8, 300_000],
  ['NEAR', 'NEAR Protocol', 3, 3, 0.9, 20_000, '20201014'],
  ['SUI', 'Sui', 3, 4, 0.9, 60_000, '20230503'],
  ['TON', 'Toncoin', 3, 3, 0.8, 25_000, '20240808'],
  ['PEPE', 'Pepe', 0.000009, 8, 0.9, 9_000_000_000, '20230505'],
];

function cryptoPair([coin, name, price, decimals, volatility, minuteVolume, listedSince]: CoinRow, quote: 'USDT' | 'USD'): Instrument {
  return globalInstrument({
    symbol: `${coin}${quote}`,
    name: `${name} / ${quote === 'USDT' ? 'Tether' : 'US Dollar'}`,
    type: 'crypto',
    currency: quote,
    venue: 'CRYPTO',
    basePrice: price,
    decimals,
    volatility,
    minuteVolume,
    listedSince,
  });
}

/** Bitcoin against the US dollar: the crypto side of the ambiguous symbol BTCUSD. */
const BITCOIN_USD: CoinRow = ['BTC', 'Bitcoin', 90_000, 2, 0.6, 4];

export function cryptoInstruments(): Instrument[] {
  return [...COINS.map((row) => cryptoPair(row, 'USDT')), cryptoPair(BITCOIN_USD, 'USD')];
}
