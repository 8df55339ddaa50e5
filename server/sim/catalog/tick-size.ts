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

/**
 * Rounding to an instrument's ticks, one function per direction: the engine rounds several
 * prices per simulated minute, and a call that names its direction does no dispatch on it.
 */
export interface PriceRounder {
  nearest(price: number): number;
  down(price: number): number;
  up(price: number): number;
}

/**
 * A rounder to multiples of `tick` (never below one tick). Free of float noise: an integer
 * count of 10^-d units divided by 10^d is the double nearest the decimal. The scale is
 * computed once, here.
 */
function fixedRounder(tick: number): PriceRounder {
  const scale = 10 ** decimalsOfTick(tick);
  const units = Math.round(tick * scale);
  return {
    nearest: (price) => (Math.max(1, Math.round(price / tick)) * units) / scale,
    down: (price) => (Math.max(1, Math.floor(price / tick + 1e-9)) * units) / scale,
    up: (price) => (Math.max(1, Math.ceil(price / tick - 1e-9)) * units) / scale,
  };
}

const HK_BAND_UP_TO = HK_SPREAD_TABLE.map(([upTo]) => upTo);
const fixedFive = fixedRounder(5);
const HK_BAND_ROUNDERS = [...HK_SPREAD_TABLE.map(([, tick]) => fixedRounder(tick)), fixedFive];

/** The first band whose upper bound holds `price` (past the table, e.g. NaN: the 5-tick rounder). */
function hkBandOf(price: number): number {
  let band = 0;
  while (band < HK_BAND_UP_TO.length && !(price <= (HK_BAND_UP_TO[band] ?? Infinity))) band++;
  return band;
}

/**
 * The price rounder of an instrument (HK stocks pick the band of the unrounded price). An HK
 * rounder starts its search at the band it last used: consecutive prices of one instrument
 * almost always share a band.
 */
export function priceRounder(instrument: Pick<Instrument, 'tickSize'>): PriceRounder {
  if (instrument.tickSize !== 'hk-spread-table') return fixedRounder(instrument.tickSize);
  let band = 0;
  const bandRounder = (price: number): PriceRounder => {
    const above = band === 0 ? -Infinity : (HK_BAND_UP_TO[band - 1] ?? Infinity);
    if (!(price > above && price <= (HK_BAND_UP_TO[band] ?? Infinity))) band = hkBandOf(price);
    return HK_BAND_ROUNDERS[band] ?? fixedFive;
  };
  return {
    nearest: (price) => bandRounder(price).nearest(price),
    down: (price) => bandRounder(price).down(price),
    up: (price) => bandRounder(price).up(price),
  };
}

/** `price` rounded to the nearest multiple of `tick`. */
export function roundToTick(price: number, tick: number): number {
  return fixedRounder(tick).nearest(price);
}

/** Decimals needed to print a tick exactly: 0.005 → 3, 10 → 0. */
export function decimalsOfTick(tick: number): number {
  const text = tick.toFixed(10).replace(/0+$/, '');
  const dot = text.indexOf('.');
  return dot === -1 || dot === text.length - 1 ? 0 : text.length - dot - 1;
}
