/**
 * Windowing and paging. The library holds a window of the series, from some candle to the latest,
 * not all of it: on every data change it rebuilds its drawing items for every candle a series
 * holds, visible or not, so each live tick costs time in proportion to the window (100k bars:
 * hundreds of ms; 2,000 bars about 1.5 ms more than 500, measured by the bench's 100k-bar page).
 * The window opens with WINDOW_SCREENS views' worth of candles, at least WINDOW_BARS, and grows
 * towards older ones when the view comes near its left edge, as older pages do; once the view has
 * moved right far enough to leave more than half of it behind, it is cut back. The adapter keeps
 * the whole series (crosshair, indicators over all closes, the older-page edge). When the view
 * reaches the oldest loaded candle, the older-page listeners are told.
 */
import type { IChartApi, LogicalRange } from 'lightweight-charts';
import { createEmitter } from '../../lib/observable';
import type { ChartAdapter } from './chart-adapter';
import type { ChartState } from './chart-state';

/** Candles shown when a dataset opens (one per this many pixels, at least the minimum); older ones are a scroll away. */
const INITIAL_BAR_PX = 8;
const MIN_INITIAL_BARS = 40;
/** How close (in candles) to the left edge the view must come before older history is asked for. */
const OLDER_EDGE = 10;
const WINDOW_BARS = 500;
const WINDOW_SCREENS = 3;
/**
 * Least number of candles one widening adds (else it doubles the window): each widening is a
 * setData of the whole window, so a pan into history should meet few of them.
 */
const WINDOW_STEP = 1_500;
/** Candles kept in the window left of the view when a dataset is replaced with the view kept. */
const WINDOW_MARGIN = 500;
/** Empty candles' worth of space right of the latest one. */
export const RIGHT_OFFSET = 3;
/** The library's default least bar spacing (px). */
const MIN_BAR_SPACING = 0.5;

/** The adapter's paging members (documented there), opening a window on a new series, and the part's teardown. */
export interface ChartWindow extends Pick<ChartAdapter, 'onNeedOlder' | 'setHistoryComplete'> {
  /**
   * Opens a window on a new series (state.bars) and draws it. `anchor` is the index in the new bars
   * of the old series' first candle: the view keeps its candles in place. Without one (-1) the view
   * shows the latest candles.
   */
  open: (anchor: number) => void;
  destroy: () => void;
}

/** `draw` hands the library the window from state.offset (candles, volume, indicators, markers). */
export function createChartWindow(chart: IChartApi, container: HTMLElement, state: ChartState, draw: () => void): ChartWindow {
  /** Set while the window itself moves the view: those range changes are not the user's. */
  let moving = false;
  let destroyed = false;
  let historyComplete = false;
  let leftEdge = { fixLeftEdge: false, minBarSpacing: MIN_BAR_SPACING };
  const needOlder = createEmitter();
  // The container's width as the browser last laid it out, told by an observer: reading
  // clientWidth when a series comes in (React has just changed the page) forced a layout of the
  // whole app there (31 ms of a phone's task).
  let laidOutWidth = 0;
  const widthObserver =
    typeof ResizeObserver === 'function'
      ? new ResizeObserver((entries) => {
          laidOutWidth = entries.at(-1)?.contentRect.width ?? laidOutWidth;
        })
      : undefined;
  widthObserver?.observe(container);

  /** Draws, then places the view, with range changes ignored meanwhile. */
  function drawWith(placeView: () => void): void {
    moving = true;
    try {
      draw();
      placeView();
      applyLeftEdge();
    } finally {
      moving = false;
    }
  }

  /**
   * Once the whole history is loaded and held by the library, the view stops at its first candle
   * (no dragging into an empty pane), and zooming out stops once every candle is in view (no
   * history squeezed against an empty pane either); a window that starts later must still scroll
   * on into older candles.
   */
  function applyLeftEdge(): void {
    const count = state.bars.length;
    const fixed = historyComplete && state.offset === 0 && count > 0;
    const width = chart.timeScale().width();
    const spacing = fixed && width > 0 ? Math.max(MIN_BAR_SPACING, width / (count + RIGHT_OFFSET)) : MIN_BAR_SPACING;
    if (fixed === leftEdge.fixLeftEdge && Math.abs(spacing - leftEdge.minBarSpacing) < 0.01) return;
    leftEdge = { fixLeftEdge: fixed, minBarSpacing: spacing };
    chart.timeScale().applyOptions(leftEdge);
  }

  /**
   * The window start for a view of `shown` candles from `from` (an index in the bars): WINDOW_MARGIN
   * candles left of it, and at least WINDOW_SCREENS such views (or WINDOW_BARS) up to the latest.
   */
  function windowStartFor(from: number, shown: number): number {
    const size = Math.max(WINDOW_BARS, Math.ceil(shown * WINDOW_SCREENS));
    return Math.max(0, Math.min(state.bars.length - size, Math.floor(from) - WINDOW_MARGIN));
  }

  /** Hands the library the window from `start` (an index in the bars), the view kept on its candles. */
  function moveWindow(start: number, range: LogicalRange): void {
    const shift = state.offset - start;
    state.offset = start;
    drawWith(() => {
      chart.timeScale().setVisibleLogicalRange({ from: range.from + shift, to: range.to + shift });
    });
  }

  /** Gives the library older candles (as many as it holds, at least WINDOW_STEP, or the rest), the view kept. */
  function extendWindow(range: LogicalRange): void {
    const { offset } = state;
    moveWindow(offset - Math.min(offset, Math.max(WINDOW_STEP, state.bars.length - offset)), range);
  }

  /** Takes back the older candles the view has left behind, once that at least halves the window. */
  function trimWindow(range: LogicalRange): void {
    const start = windowStartFor(range.from + state.offset, range.to - range.from);
    const count = state.bars.length;
    if (start > state.offset && 2 * (count - start) <= count - state.offset) moveWindow(start, range);
  }

  /** About one candle per INITIAL_BAR_PX of width: readable candles on any screen. */
  function initialBars(): number {
    return Math.max(MIN_INITIAL_BARS, Math.round((laidOutWidth || container.clientWidth || 1000) / INITIAL_BAR_PX));
  }

  function showLatest(): void {
    const count = state.bars.length - state.offset;
    const wanted = initialBars();
    if (count > wanted) chart.timeScale().setVisibleLogicalRange({ from: count - wanted, to: count + 2 });
    else chart.timeScale().fitContent();
  }

  const onRangeChange = (range: LogicalRange | null): void => {
    if (moving || !range || state.bars.length === 0) return;
    if (range.from >= OLDER_EDGE) trimWindow(range);
    else if (state.offset > 0) extendWindow(range);
    else needOlder.emit();
  };
  chart.timeScale().subscribeVisibleLogicalRangeChange(onRangeChange);

  return {
    open: (anchor) => {
      const range = chart.timeScale().getVisibleLogicalRange();
      const oldOffset = state.offset;
      // The view's first candle, as an index in the new bars.
      const kept = range && anchor >= 0 ? range.from + oldOffset + anchor : undefined;
      state.offset = range && kept !== undefined ? windowStartFor(kept, range.to - range.from) : windowStartFor(state.bars.length, initialBars());
      drawWith(() => {
        if (range && kept !== undefined) {
          const moved = oldOffset + anchor - state.offset;
          chart.timeScale().setVisibleLogicalRange({ from: range.from + moved, to: range.to + moved });
        } else showLatest();
      });
    },
    setHistoryComplete(complete) {
      if (destroyed) return;
      historyComplete = complete;
      applyLeftEdge();
    },
    onNeedOlder: needOlder.subscribe,
    destroy: () => {
      destroyed = true;
      widthObserver?.disconnect();
      needOlder.clear();
      chart.timeScale().unsubscribeVisibleLogicalRangeChange(onRangeChange);
    },
  };
}
