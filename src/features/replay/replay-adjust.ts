/**
 * Adjusted prices as they stood at the replay's instant: only the corporate actions that had
 * happened by then. The source's forward adjustment uses every action up to today, so a replay
 * asks for raw K-lines and adjusts them here (§4.12, shared/adjust.ts: the simulator's own
 * arithmetic and rounding), and its ex-factors answers stop at the instant too.
 */
import type { ExFactors, Kline } from '../../api/kline-schemas';
import { adjustPrice, roundAdjusted, type AdjustDirection, type AdjustFactor } from '#shared/adjust.ts';

/** The factors of actions on or before `at`. */
export function factorsKnownAt(factors: readonly AdjustFactor[], at: number): AdjustFactor[] {
  return factors.filter((factor) => factor.timestamp <= at);
}

/** Every symbol's factors of actions on or before `at`. */
export function exFactorsKnownAt(data: ExFactors['data'], at: number): ExFactors['data'] {
  return Object.fromEntries(Object.entries(data).map(([symbol, factors]) => [symbol, factorsKnownAt(factors, at)]));
}

/** `rows` adjusted by `factors` in `direction`; raw when no factor applies (as the service answers). */
export function adjustRows(rows: readonly Kline[], factors: readonly AdjustFactor[], direction: AdjustDirection): Kline[] {
  if (direction === 'none' || !factors.some((factor) => factor.adjust === direction)) return [...rows];
  return rows.map((row) => {
    const price = (value: string): string => String(roundAdjusted(adjustPrice(Number(value), row.time, factors, direction)));
    return { ...row, open: price(row.open), high: price(row.high), low: price(row.low), close: price(row.close) };
  });
}
