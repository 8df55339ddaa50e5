/**
 * An instrument's size, which the search ranks by after how well a name matches (a trader typing
 * `bank` most likely means the biggest bank): log10 of US dollars, one decimal; 0 when unknown.
 *
 * A stock's is its book equity, stock-info's `total_shares` × `bps`: the size the calls the index
 * is built from already give (a market cap needs a price: 2,700 tickers at 50 a request). Taken at
 * rough fixed exchange rates: only the order of magnitude ranks.
 *
 * Other kinds have no size in the API, so each takes a prior by how widely it is traded: an index
 * stands for a whole market (above any one company: `hang seng` is the index before Hang Seng
 * Bank, `nasdaq` the index before Nasdaq Inc.); spot forex and metals are the most traded markets
 * there are (`gold` is spot gold before the Shanghai contract); bitcoin and ether are worth a
 * trillion and some hundreds of billions, other coins far less (a coin's forex listing, a CFD
 * shadow of the pair, ranks below it: `bitcoin` is the crypto pair); a China futures contract is a
 * large commodity market, ranked with a large company.
 */
import type { ProductType } from '#shared/contract.ts';

const USD_PER: Readonly<Record<string, number>> = { USD: 1, HKD: 1 / 7.8, CNY: 1 / 7.2 };

const TYPE_PRIOR: Readonly<Record<Exclude<ProductType, 'stock'>, number>> = { indices: 13, forex: 12.5, crypto: 10.5, futures: 10.5 };

/** The crypto pairs of the two largest coins, by their base's letters. */
const MAJOR_COINS: Readonly<Record<string, number>> = { BTC: 12.2, ETH: 11.6 };

export interface StockSize {
  totalShares: number | undefined;
  bookValuePerShare: number | undefined;
  currency: string;
}

function rounded(dollars: number): number {
  return dollars > 1 ? Math.round(Math.log10(dollars) * 10) / 10 : 0;
}

export function stockSize({ totalShares, bookValuePerShare, currency }: StockSize): number {
  if (totalShares === undefined || bookValuePerShare === undefined || !(totalShares > 0) || !(bookValuePerShare > 0)) return 0;
  return rounded(totalShares * bookValuePerShare * (USD_PER[currency] ?? 1));
}

/** The prior of an instrument that is not a stock. */
export function priorSize(symbol: string, type: Exclude<ProductType, 'stock'>): number {
  const coin = MAJOR_COINS[symbol.slice(0, 3)];
  if (type === 'crypto') return coin ?? TYPE_PRIOR.crypto;
  if (type === 'forex' && coin !== undefined) return coin - 1;
  return TYPE_PRIOR[type];
}
