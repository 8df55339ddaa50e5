/**
 * The shape shared by US, HK and A-share stocks: a per-market profile (currency, venue, tick
 * rule, session length) plus per-stock figures, turned into an Instrument with its stock info.
 */
import { decimalString } from './format.ts';
import { rngFor } from './hash.ts';
import { HISTORY_START, makeInstrument, withoutUndefined } from './instrument-builder.ts';
import { roundToTick, tickSizeFor } from './tick-size.ts';
import type { Instrument, StockInfo, VenueId } from './types.ts';

export interface StockMarketProfile {
  market: 'US' | 'HK' | 'CN';
  currency: string;
  venue: VenueId;
  tickSize: number | 'hk-spread-table';
  priceDecimals: number;
  /** Minutes of regular trading per day, to turn daily turnover into a per-minute volume. */
  minutesPerDay: number;
}

export const US_STOCKS: StockMarketProfile = {
  market: 'US',
  currency: 'USD',
  venue: 'US',
  tickSize: 0.01,
  priceDecimals: 2,
  minutesPerDay: 390,
};
export const HK_STOCKS: StockMarketProfile = {
  market: 'HK',
  currency: 'HKD',
  venue: 'HK',
  tickSize: 'hk-spread-table',
  priceDecimals: 3,
  minutesPerDay: 330,
};
export const CN_STOCKS: StockMarketProfile = {
  market: 'CN',
  currency: 'CNY',
  venue: 'CN',
  tickSize: 0.01,
  priceDecimals: 2,
  minutesPerDay: 240,
};

export interface StockSpec {
  symbol: string;
  name: string;
  price: number;
  volatility: number;
  lotSize: number;
  /** Fraction of the circulating shares traded on a typical day. */
  dailyTurnover: number;
  listedSince?: string;
  info: StockInfo;
}

export function stockInstrument(profile: StockMarketProfile, spec: StockSpec): Instrument {
  const floatShares = spec.info.circulating_shares ?? spec.info.total_shares ?? spec.lotSize * 1_000_000;
  const lotsPerMinute = Math.round((floatShares * spec.dailyTurnover) / profile.minutesPerDay / spec.lotSize);
  return makeInstrument({
    symbol: spec.symbol,
    name: spec.name,
    market: profile.market,
    type: 'stock',
    currency: profile.currency,
    venue: profile.venue,
    basePrice: roundToTick(spec.price, tickSizeFor(profile, spec.price)),
    tickSize: profile.tickSize,
    priceDecimals: profile.priceDecimals,
    annualVolatility: Number(spec.volatility.toFixed(3)),
    lotSize: spec.lotSize,
    minuteVolume: Math.max(1, lotsPerMinute) * spec.lotSize,
    listedSince: spec.listedSince ?? HISTORY_START,
    hasQuotes: true,
    stockInfo: withoutUndefined(spec.info),
  });
}

/** Per-share figures as decimal strings. */
export interface PerShareFigures {
  eps: string;
  eps_ttm?: string;
  bps: string;
  dividend_yield?: string;
}

/**
 * Per-share figures from the trailing EPS, book value and yield (percent). The last fiscal
 * year's EPS is derived from the trailing one with a small per-symbol difference.
 */
export function perShareFigures(symbol: string, epsTtm: number, bps: number, dividendYield: number | null, withTtm: boolean): PerShareFigures {
  const fiscal = epsTtm * rngFor(`eps:${symbol}`).range(0.86, 0.99);
  return withoutUndefined({
    eps: decimalString(withTtm ? fiscal : epsTtm, 4),
    eps_ttm: withTtm ? decimalString(epsTtm, 4) : undefined,
    bps: decimalString(bps, 4),
    dividend_yield: dividendYield === null ? undefined : decimalString(dividendYield, 2),
  });
}

/** Billions of shares to a whole share count. */
export function shares(billions: number): number {
  return Math.round(billions * 1e9);
}
