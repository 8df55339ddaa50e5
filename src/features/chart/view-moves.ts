/**
 * Moves of the chart's view a trader asks for by name (loaded on demand with the view tools):
 * back to the latest bar, a reset of the scales, and a date (or an alert's moment:
 * chart-moment-view) centred, loading older history as a scroll back does. They act on the
 * library's chart as the workbench sees it (chart-surface).
 */
import type { IChartApi, Time } from 'lightweight-charts';
import { readTypedDate } from '../../lib/typed-date';

/** Seconds in a day: a chart time's date is its UTC date (chart times are the display zone's wall clock). */
const DAY_SECONDS = 86_400;

/**
 * Whether the latest bar has left the view: the library's scroll position is the space (in bars)
 * right of the latest bar, negative once that bar is past the right edge.
 */
export function awayFromLatest(scrollPosition: number): boolean {
  return scrollPosition < 0;
}

/**
 * The latest bar at the right, the usual space after it; at once: the library's animated scroll
 * stopped halfway when the window (chart-window) moved the range under it.
 */
export function scrollToLatest(chart: IChartApi): void {
  const scale = chart.timeScale();
  scale.scrollToPosition(scale.options().rightOffset, false);
}

/** Auto-scale on (every pane), the default bar spacing and the latest bar in view. */
export function resetScale(chart: IChartApi): void {
  for (const pane of chart.panes()) pane.priceScale('right').applyOptions({ autoScale: true });
  // The default spacing and right offset, at once.
  chart.timeScale().resetTimeScale();
}

/** A date as typed (lib/typed-date: 2025-11-25, 2025/11/25, 11/25/2025 in en-US…), as the chart time of its midnight; undefined when it is no date. */
export function chartTimeOfDate(text: string): number | undefined {
  const at = readTypedDate(text);
  return at && Date.UTC(at.year, at.month - 1, at.day) / 1000;
}

/** Where a day sits among the chart's bars: its bars' indexes, before the first bar, or after the latest one's day. */
export type DayPlace = { kind: 'bars'; first: number; last: number } | { kind: 'older' } | { kind: 'latest' };

/**
 * The bars of the day starting at chart time `dayStart` in `times` (sorted chart seconds); a day
 * without bars (a weekend, a holiday, inside a weekly bar) takes the bar holding it or the next one.
 */
export function placeOfDay(times: readonly number[], dayStart: number): DayPlace {
  if (times.length === 0 || dayStart < (times[0] ?? 0)) return { kind: 'older' };
  let low = 0;
  let high = times.length;
  // First bar at or after the day's start.
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((times[middle] ?? 0) < dayStart) low = middle + 1;
    else high = middle;
  }
  const first = Math.min(low, times.length - 1);
  // A day after the latest bar's (a date in the future): the latest bar where it always sits, not
  // centred with half the chart empty.
  if (low === times.length && dayStart >= (times[times.length - 1] ?? 0) + DAY_SECONDS) return { kind: 'latest' };
  if (low === times.length || (times[low] ?? 0) >= dayStart + DAY_SECONDS) {
    // No bar opens on that day: the bar before holds it (a week, a month), unless it is past the latest.
    const holder = low === times.length ? times.length - 1 : Math.max(0, low - 1);
    return { kind: 'bars', first: holder, last: holder };
  }
  let last = first;
  while (last + 1 < times.length && (times[last + 1] ?? 0) < dayStart + DAY_SECONDS) last += 1;
  return { kind: 'bars', first, last };
}

/** A logical range as wide as `width` bars, centred on the bars from `first` to `last`. */
export function centredOn(first: number, last: number, width: number): { from: number; to: number } {
  const centre = (first + last) / 2;
  const half = Math.max(width, last - first + 1) / 2;
  return { from: centre - half, to: centre + half };
}

/** How many steps towards older history a go-to takes at most before it stops at the oldest it reached. */
const MAX_OLDER_STEPS = 200;

/**
 * Centres the bars `place` finds (indexes of the library's bars, asked again at each try): when
 * they are older than what the library holds, the view goes to the left edge, which widens the
 * window or asks for an older page (chart-window), and tries again when the view or the data
 * changes. Each try waits for the next frame: one made inside the window's own range handling was
 * undone by it. `arrived` hears where the view stopped: the bars, or `older` when the whole history
 * (or the steps' limit) ended before them, at the first bar. Returns the cancel.
 */
export function goToPlace(
  chart: IChartApi,
  place: () => DayPlace,
  onDataChange: (callback: () => void) => () => void,
  arrived?: (place: DayPlace) => void,
): () => void {
  let steps = 0;
  let frame: number | undefined;
  const scale = chart.timeScale();
  const attempt = (): void => {
    frame = undefined;
    const range = scale.getVisibleLogicalRange();
    const width = range ? range.to - range.from : 100;
    const found = place();
    // The whole history is held (the window part fixes the left edge then): its first bar it is.
    const complete = scale.options().fixLeftEdge;
    if (found.kind === 'latest') {
      cancel();
      scrollToLatest(chart);
      arrived?.(found);
      return;
    }
    if (found.kind === 'bars' || complete || steps >= MAX_OLDER_STEPS) {
      cancel();
      const { first, last } = found.kind === 'bars' ? found : { first: 0, last: 0 };
      scale.setVisibleLogicalRange(centredOn(first, last, width));
      arrived?.(found);
      return;
    }
    steps += 1;
    // To the left edge: the window widens (the range change brings the next try) or an older page loads (the data change does).
    scale.setVisibleLogicalRange({ from: -width / 2, to: width / 2 });
  };
  const schedule = (): void => {
    frame ??= requestAnimationFrame(attempt);
  };
  const offData = onDataChange(schedule);
  scale.subscribeVisibleLogicalRangeChange(schedule);
  function cancel(): void {
    if (frame !== undefined) cancelAnimationFrame(frame);
    offData();
    scale.unsubscribeVisibleLogicalRangeChange(schedule);
  }
  schedule();
  return cancel;
}

/** Centres the day `dayStart` (chart time), loading older history as goToPlace does. Returns the cancel. */
export function goToDay(chart: IChartApi, times: () => readonly number[], onDataChange: (callback: () => void) => () => void, dayStart: number): () => void {
  return goToPlace(chart, () => placeOfDay(times(), dayStart), onDataChange);
}

/** The chart times of the bars the library holds (its logical indexes), oldest first. */
export function heldTimes(data: readonly { time: Time }[]): number[] {
  return data.map((bar) => bar.time as number);
}
