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

const HK_BAND_ROUNDERS = HK_SPREAD_TABLE.map(([upTo, tick]) => ({ upTo, round: fixedRounder(tick) }));

/** The price rounder of an instrument (HK stocks pick the band of the unrounded price). */
export function priceRounder(instrument: Pick<Instrument, 'tickSize'>): PriceRounder {
  if (instrument.tickSize !== 'hk-spread-table') return fixedRounder(instrument.tickSize);
  return (price, direction) => {
    for (let i = 0; i < HK_BAND_ROUNDERS.length; i++) {
      const band = HK_BAND_ROUNDERS[i];
      if (band && price <= band.upTo) return band.round(price, direction);
    }
    return fixedRounder(5)(price, direction);
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
