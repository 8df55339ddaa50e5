/** The one place an Instrument object is assembled, plus the shape shared by GLOBAL products. */
import type { ProductType } from '#shared/contract.ts';
import { fnv1a } from './hash.ts';
import type { Instrument, VenueId } from './types.ts';

/** Most histories start on the first trading day of 2015. */
export const HISTORY_START = '20150105';

/** The catalog's fixed "last updated" day (the time of day varies per symbol, deterministically). */
const UPDATED_DAY_MS = Date.UTC(2026, 10, 19);

export function updatedAtFor(symbol: string): string {
  const seconds = fnv1a(`updated:${symbol}`) % 86_400;
  return new Date(UPDATED_DAY_MS + seconds * 1000).toISOString().replace('.000Z', 'Z');
}

/** A copy of `value` without the keys whose value is undefined ("omitted when absent"). */
export function withoutUndefined<T extends object>(value: T): T {
  const copy: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) if (field !== undefined) copy[key] = field;
  return copy as T;
}

export type InstrumentSpec = Omit<Instrument, 'updatedAt' | 'category'>;

export function makeInstrument(spec: InstrumentSpec): Instrument {
  const { stockInfo, corporateActions, ...fields } = spec;
  const instrument: Instrument = { ...fields, updatedAt: updatedAtFor(spec.symbol) };
  if (stockInfo) instrument.stockInfo = stockInfo;
  if (corporateActions) instrument.corporateActions = corporateActions;
  return instrument;
}

export interface GlobalSpec {
  symbol: string;
  name: string;
  type: Exclude<ProductType, 'stock' | 'futures'>;
  currency: string;
  venue: VenueId;
  basePrice: number;
  decimals: number;
  volatility: number;
  minuteVolume: number;
  listedSince?: string;
}

/** A GLOBAL product (forex, metal, crypto, index): one lot of 1, tick = one unit of the last decimal. */
export function globalInstrument(spec: GlobalSpec): Instrument {
  const tickSize = Number((10 ** -spec.decimals).toFixed(spec.decimals));
  return makeInstrument({
    symbol: spec.symbol,
    name: spec.name,
    market: 'GLOBAL',
    type: spec.type,
    currency: spec.currency,
    venue: spec.venue,
    basePrice: Number(spec.basePrice.toFixed(spec.decimals)),
    tickSize,
    priceDecimals: spec.decimals,
    annualVolatility: spec.volatility,
    lotSize: 1,
    minuteVolume: spec.minuteVolume,
    listedSince: spec.listedSince ?? HISTORY_START,
    hasQuotes: spec.type !== 'indices',
  });
}
