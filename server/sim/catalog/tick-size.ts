/**
 * Minimum price steps. Most instruments have one fixed tick; HK stocks follow the HKEX spread
 * table, whose step grows with the price.
 */
import { HK_SPREAD_TABLE, hkSpreadTick } from '#shared/hk-spread-table.ts';
import type { Instrument } from './types.ts';

export { hkSpreadTick };

/** The tick in force for `instrument` at `price`. */
export function tickSizeFor(instrument: Pick<Instrument, 'tickSize'>, price: number): number {
  return instrument.tickSize === 'hk-spread-table' ? hkSpreadTick(price) : instrument.tickSize;
}

export type RoundDirection = 'nearest' | 'down' | 'up';
export type PriceRounder = (price: number, direction?: RoundDirection) => number;

/**
 * A rounder to multiples of `tick` (never below one tick): nearest, down or up. Free of float
 * noise: an integer count of 10^-d units divided by 10^d is the double nearest the decimal. The
 * engine rounds several prices per simulated minute, so the scale is computed once, here.
 */
function fixedRounder(tick: number): PriceRounder {
  const scale = 10 ** decimalsOfTick(tick);
  const units = Math.round(tick * scale);
  return (price, direction = 'nearest') => {
    const ratio = price / tick;
    const steps = direction === 'down' ? Math.floor(ratio + 1e-9) : direction === 'up' ? Math.ceil(ratio - 1e-9) : Math.round(ratio);
    return (Math.max(1, steps) * units) / scale;
  };
}

const HK_BAND_UP_TO = HK_SPREAD_TABLE.map(([upTo]) => upTo);
const HK_BAND_ROUNDERS = [...HK_SPREAD_TABLE.map(([, tick]) => fixedRounder(tick)), fixedRounder(5)];

/** The first band whose upper bound holds `price` (past the table, e.g. NaN: the 5-tick rounder). */
function hkBandOf(price: number): number {
  let band = 0;
  while (band < HK_BAND_UP_TO.length && !(price <= (HK_BAND_UP_TO[band] ?? Infinity))) band++;
  return band;
}

/**
 * The price rounder of an instrument (HK stocks pick the band of the unrounded price). An HK
 * rounder starts its search at the band it last used: consecutive prices of one instrument
 * almost always share a band, and the engine rounds several per simulated minute.
 */
export function priceRounder(instrument: Pick<Instrument, 'tickSize'>): PriceRounder {
  if (instrument.tickSize !== 'hk-spread-table') return fixedRounder(instrument.tickSize);
  let band = 0;
  return (price, direction) => {
    const above = band === 0 ? -Infinity : (HK_BAND_UP_TO[band - 1] ?? Infinity);
    if (!(price > above && price <= (HK_BAND_UP_TO[band] ?? Infinity))) band = hkBandOf(price);
    const round = HK_BAND_ROUNDERS[band] ?? fixedRounder(5);
    return round(price, direction);
  };
}

/** `price` rounded to the nearest multiple of `tick`. */
export function roundToTick(price: number, tick: number): number {
  return fixedRounder(tick)(price);
}

/** Decimals needed to print a tick exactly: 0.005 → 3, 10 → 0. */
export function decimalsOfTick(tick: number): number {
  const text = tick.toFixed(10).replace(/0+$/, '');
  const dot = text.indexOf('.');
  return dot === -1 || dot === text.length - 1 ? 0 : text.length - dot - 1;
}
