/**
 * Candles in numbers: conversion from the API's K-lines, aggregation into longer periods (3m from
 * 1m), merging of series (history + live) and local price adjustment.
 */
import type { Kline } from '../api/kline-schemas';
import { applyFactors, factorsInOrder, roundAdjusted, type AdjustDirection, type AdjustFactor } from '#shared/adjust.ts';
import { isStrictlyAscending, type Candle } from '#shared/candle.ts';

// The folding into buckets is shared with the server's alerts (their 3m bars are 1m folded too).
export { aggregateCandles, bucketStart } from '#shared/candle.ts';

/** A K-line of the API (decimal strings) as a Candle (numbers). */
export function toCandle(kline: Kline): Candle {
  const candle: Candle = {
    time: kline.time,
    open: Number(kline.open),
    high: Number(kline.high),
    low: Number(kline.low),
    close: Number(kline.close),
    volume: Number(kline.volume),
  };
  if (kline.quote_volume !== undefined) candle.quoteVolume = Number(kline.quote_volume);
  if (kline.open_interest !== undefined) candle.openInterest = Number(kline.open_interest);
  return candle;
}

/** Sorted by time with one candle per time, the last given winning. */
function normalise(candles: readonly Candle[]): readonly Candle[] {
  if (isStrictlyAscending(candles)) return candles;
  const byTime = new Map<number, Candle>();
  for (const candle of candles) byTime.set(candle.time, candle);
  return [...byTime.values()].sort((x, y) => x.time - y.time);
}

/** Union of two series by time, `b` winning on equal times, ascending. */
export function mergeCandles(a: readonly Candle[], b: readonly Candle[]): Candle[] {
  const left = normalise(a);
  const right = normalise(b);
  const lastLeft = left.at(-1);
  const firstRight = right[0];
  if (!lastLeft || !firstRight || lastLeft.time < firstRight.time) return [...left, ...right];
  const result: Candle[] = [];
  let i = 0;
  let j = 0;
  while (i < left.length || j < right.length) {
    const x = left[i];
    const y = right[j];
    if (x && (!y || x.time < y.time)) {
      result.push(x);
      i++;
    } else if (y) {
      if (x?.time === y.time) i++;
      result.push(y);
      j++;
    }
  }
  return result;
}

/**
 * Candles adjusted by `factors` as §4.12 says, prices rounded to `decimals` (the service's four
 * unless told; the series' own precision on screen); volumes are not adjusted. Without factors
 * the candles come back unchanged, as from the service.
 */
export function adjustCandles(candles: readonly Candle[], factors: readonly AdjustFactor[], direction: AdjustDirection, decimals?: number): Candle[] {
  const relevant = factors.filter((factor) => factor.adjust === direction);
  if (direction === 'none' || relevant.length === 0) return [...candles];
  const times = [...new Set(relevant.map((factor) => factor.timestamp))].sort((x, y) => x - y);
  // Which factors apply, and in which order, depends only on how many event times are <= the
  // candle's time: worked out once for each such count, not for each of a candle's four prices.
  const orders = new Map<number, AdjustFactor[]>();
  return candles.map((candle) => {
    const atOrBefore = countAtOrBefore(times, candle.time);
    let ordered = orders.get(atOrBefore);
    if (!ordered) {
      ordered = factorsInOrder(relevant, candle.time, direction);
      orders.set(atOrBefore, ordered);
    }
    return {
      ...candle,
      open: roundAdjusted(applyFactors(candle.open, ordered), decimals),
      high: roundAdjusted(applyFactors(candle.high, ordered), decimals),
      low: roundAdjusted(applyFactors(candle.low, ordered), decimals),
      close: roundAdjusted(applyFactors(candle.close, ordered), decimals),
    };
  });
}

/** The last adjustment of each series (see adjustSeries). */
const adjustedSeries = new WeakMap<
  readonly Candle[],
  { factors: readonly AdjustFactor[]; direction: AdjustDirection; decimals: number | undefined; series: readonly Candle[] }
>();

/**
 * adjustCandles for a whole history, kept per series: the early chart and the app's chart adjust
 * the same history by the same factors, and the app's first render (a slice of React's work that
 * cannot be cut) then finds the early chart's candles. Shared: never to be changed.
 */
export function adjustSeries(candles: readonly Candle[], factors: readonly AdjustFactor[], direction: AdjustDirection, decimals?: number): readonly Candle[] {
  const kept = adjustedSeries.get(candles);
  if (kept && kept.factors === factors && kept.direction === direction && kept.decimals === decimals) return kept.series;
  const series = adjustCandles(candles, factors, direction, decimals);
  adjustedSeries.set(candles, { factors, direction, decimals, series });
  return series;
}

/** Number of ascending `times` that are <= `time` (binary search). */
function countAtOrBefore(times: readonly number[], time: number): number {
  let low = 0;
  let high = times.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((times[middle] ?? Number.POSITIVE_INFINITY) <= time) low = middle + 1;
    else high = middle;
  }
  return low;
}
