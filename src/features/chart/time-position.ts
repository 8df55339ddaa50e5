/**
 * Where a time falls among the candles, as a fractional candle index, and back. Drawings and alert
 * lines are anchored to instrument times, not to candles: a time between two candles (a 1d anchor
 * on a 1w chart, an hourly one across a lunch break) sits between them in proportion, a time after
 * the last candle continues at the candles' usual spacing (a drawing may reach into the future),
 * and one before the first at the same spacing to the left.
 */

/** Gaps (chart seconds) between the last candles looked at for the usual spacing. */
const SPACING_SAMPLE = 20;

/** The usual gap between candles: the median of the last few, so a weekend or a holiday does not stretch the future. */
export function typicalSpacing(times: readonly number[]): number {
  const gaps: number[] = [];
  for (let i = Math.max(1, times.length - SPACING_SAMPLE); i < times.length; i += 1) {
    gaps.push((times[i] as number) - (times[i - 1] as number));
  }
  if (gaps.length === 0) return 60;
  gaps.sort((a, b) => a - b);
  return gaps[gaps.length >> 1] as number;
}

/** Fractional index of `time` in ascending `times` (undefined without candles). */
export function indexOfTime(times: readonly number[], time: number, spacing = typicalSpacing(times)): number | undefined {
  const count = times.length;
  if (count === 0) return undefined;
  const first = times[0] as number;
  const last = times[count - 1] as number;
  if (time <= first) return (time - first) / spacing;
  if (time >= last) return count - 1 + (time - last) / spacing;
  let low = 0;
  let high = count - 1;
  // Invariant: times[low] <= time < times[high].
  while (high - low > 1) {
    const mid = (low + high) >>> 1;
    if ((times[mid] as number) <= time) low = mid;
    else high = mid;
  }
  const from = times[low] as number;
  const to = times[high] as number;
  return low + (time - from) / (to - from);
}

/** The time at fractional index `index`, the inverse of indexOfTime (undefined without candles). */
export function timeOfIndex(times: readonly number[], index: number, spacing = typicalSpacing(times)): number | undefined {
  const count = times.length;
  if (count === 0) return undefined;
  if (index <= 0) return (times[0] as number) + index * spacing;
  if (index >= count - 1) return (times[count - 1] as number) + (index - (count - 1)) * spacing;
  const low = Math.floor(index);
  const from = times[low] as number;
  const to = times[low + 1] as number;
  return from + (index - low) * (to - from);
}

/**
 * x of a fractional logical index. The library places whole indexes only (its logicalToCoordinate
 * answers 0 for a fraction), and its x is linear in the index: interpolate between the two whole
 * neighbours. `coordinateOf` is the library's mapping of whole indexes.
 */
export function coordinateOfLogical(logical: number, coordinateOf: (whole: number) => number | null): number | null {
  const whole = Math.floor(logical);
  const from = coordinateOf(whole);
  if (from === null || logical === whole) return from;
  const to = coordinateOf(whole + 1);
  return to === null ? null : from + (to - from) * (logical - whole);
}

/**
 * The fractional logical index at x, the inverse of coordinateOfLogical. `near` is the library's
 * whole index for x (its coordinateToLogical rounds up to one).
 */
export function logicalOfCoordinate(x: number, near: number, coordinateOf: (whole: number) => number | null): number | null {
  const from = coordinateOf(near);
  const to = coordinateOf(near + 1);
  if (from === null || to === null || to === from) return from === null ? null : near;
  return near + (x - from) / (to - from);
}
