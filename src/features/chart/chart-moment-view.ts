/**
 * The chart at an alert's moment (chart-moment.ts; loaded only when a link or a notification asks
 * for one): the view centres the bar holding that time, loading older history on the way as a go
 * to date does (view-moves), and marks it: an amber band over the bar, the alert lines' dashed
 * line at the moment itself and a notch at the pane's top, under the candles.
 *
 * The mark stays while the bar is in view: panning or zooming it out of the view, another series
 * (symbol, interval) or another chart made active takes it away, so it never waits off-screen to
 * surprise a trader who comes back to that part of the history later. The chart's element shows
 * the drawn mark to tests and tools (`data-moment-mark`).
 */
import type { IPrimitivePaneRenderer, IPrimitivePaneView, ISeriesPrimitive, SeriesAttachedParameter } from 'lightweight-charts';
import type { ChartSurface, SurfaceCandle } from './chart-surface';
import { goToPlace, type DayPlace } from './view-moves';

/** The alert lines' amber (src/features/alerts/alert-lines.tsx). */
const COLOR = '#f59e0b';
const BAND = 'rgba(245, 158, 11, 0.2)';
/** The band is never narrower than this (px), however far the chart is zoomed out. */
const MIN_BAND = 6;
const NOTCH = 6;
const DASH = [4, 3];

/** Index in `candles` (oldest first) of the last one opening at or before `time`; -1 when all open later. */
export function candleAt(candles: readonly Pick<SurfaceCandle, 'time'>[], time: number): number {
  let low = 0;
  let high = candles.length - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    if ((candles[middle]?.time ?? 0) <= time) low = middle + 1;
    else high = middle - 1;
  }
  return high;
}

/**
 * Where the bar holding `time` (ms) is among the library's bars, which start at index `firstIndex`
 * of `candles`: the bar that opened last at or before it (a time after the latest bar is the
 * latest's, a time in a market's night the session's last bar's). `older` while that bar is not
 * held yet: before the window (it widens) or before the loaded history (an older page loads).
 */
export function placeOfMoment(candles: readonly Pick<SurfaceCandle, 'time'>[], firstIndex: number, time: number): DayPlace {
  const index = candleAt(candles, time);
  if (index < 0 || index < firstIndex) return { kind: 'older' };
  return { kind: 'bars', first: index - firstIndex, last: index - firstIndex };
}

/** What the mark reports on the chart's element: the bar's time and where band and line are (px in the panes). */
export interface DrawnMomentMark {
  time: number;
  x: number;
  width: number;
  line: number;
}

type DrawTarget = Parameters<IPrimitivePaneRenderer['draw']>[0];

/** Marks the bar opening at `barTime` and the moment `time` in it until the bar leaves the view; returns the removal. */
export function markMoment(surface: ChartSurface, time: number, barTime: number): () => void {
  const { chart, element } = surface;
  let placed: { x: number; width: number; line: number } | undefined;
  let reported = '';
  let frame: number | undefined;

  const report = (mark: DrawnMomentMark | undefined): void => {
    const text = mark ? JSON.stringify(mark) : '';
    if (text === reported) return;
    reported = text;
    if (mark) element.dataset.momentMark = text;
    else delete element.dataset.momentMark;
  };

  const draw = (target: DrawTarget): void => {
    target.useMediaCoordinateSpace(({ context, mediaSize }) => {
      if (!placed) return;
      const { x, width, line } = placed;
      context.fillStyle = BAND;
      context.fillRect(x - width / 2, 0, width, mediaSize.height);
      context.strokeStyle = COLOR;
      context.lineWidth = 1;
      context.setLineDash(DASH);
      context.beginPath();
      // On the half pixel: a crisp one-pixel line.
      context.moveTo(Math.round(line) + 0.5, 0);
      context.lineTo(Math.round(line) + 0.5, mediaSize.height);
      context.stroke();
      context.setLineDash([]);
      context.fillStyle = COLOR;
      context.beginPath();
      context.moveTo(line - NOTCH, 0);
      context.lineTo(line + NOTCH, 0);
      context.lineTo(line, NOTCH);
      context.closePath();
      context.fill();
    });
    report(placed && { time: barTime, x: Math.round(placed.x), width: Math.round(placed.width), line: Math.round(placed.line) });
  };
  const renderer: IPrimitivePaneRenderer = { draw };
  // Under the candles: the marked candle stays whole over its band.
  const view: IPrimitivePaneView = { zOrder: () => 'bottom', renderer: () => (placed ? renderer : null) };
  const primitive: ISeriesPrimitive = {
    // Painted at once, not at the chart's next change.
    attached(param: SeriesAttachedParameter) {
      param.requestUpdate();
    },
    // Before each paint: where the bar and the moment are now (scrolling and zooming move them).
    updateAllViews() {
      const x = surface.timeToX(barTime);
      const line = surface.timeToX(time);
      placed = x === null || line === null ? undefined : { x, line, width: Math.max(MIN_BAND, chart.timeScale().options().barSpacing) };
    },
    paneViews: () => [view],
  };

  /** Whether the bar is still in view; checked a frame after the view or the data changed (the window's own moves settle first). */
  const check = (): void => {
    frame = undefined;
    const x = surface.timeToX(barTime);
    if (x === null || x < 0 || x > chart.timeScale().width()) remove();
  };
  const schedule = (): void => {
    frame ??= requestAnimationFrame(check);
  };
  const offData = surface.onDataChange(schedule);
  chart.timeScale().subscribeVisibleLogicalRangeChange(schedule);
  surface.priceSeries.attachPrimitive(primitive);

  let removed = false;
  function remove(): void {
    if (removed) return;
    removed = true;
    if (frame !== undefined) cancelAnimationFrame(frame);
    offData();
    chart.timeScale().unsubscribeVisibleLogicalRangeChange(schedule);
    report(undefined);
    // A chart being removed (its element already out of the page) takes its mark with it.
    if (element.isConnected) surface.priceSeries.detachPrimitive(primitive);
  }
  return remove;
}

/**
 * Centres the bar holding `time` (instrument time, ms UTC) and marks it once there; a time before
 * the instrument's first bar shows that bar, unmarked. Returns the cancel (the way there and the mark).
 */
export function showChartMoment(surface: ChartSurface, time: number): () => void {
  let unmark: (() => void) | undefined;
  const stop = goToPlace(
    surface.chart,
    () => placeOfMoment(surface.candles(), surface.firstIndex(), time),
    (callback) => surface.onDataChange(callback),
    (place) => {
      const bar = place.kind === 'bars' ? surface.candles()[place.first + surface.firstIndex()] : undefined;
      if (bar) unmark = markMoment(surface, time, bar.time);
    },
  );
  return () => {
    stop();
    unmark?.();
  };
}
