/**
 * Where the chart panel's canvas will be once the app has laid out, predicted from the viewport
 * alone, so the early chart (src/features/chart/early-chart.ts) can be drawn there before the app
 * exists. The constants mirror app.tsx's grid (columns, gaps, padding), the header, the tab bar and
 * the chart toolbar, whose rows wrap with the width and with whether the adjust toggle is there
 * (stocks only). The toolbar tables were measured in the built app with AAPL.US and EURUSD; crypto
 * has more intervals and takes one row more below a 454 px column (viewport < 1064 px).
 * e2e/early-chart.spec.ts compares the prediction with the real layout.
 */
export interface FrameRect {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** Below this width (Tailwind's lg) the panels stack and the header wraps: no prediction. */
const WIDE = 1024;
const EXTRA_WIDE = 1280;
/** Side columns (watchlists, markets) at lg and xl. */
const COLUMNS = { wide: [260, 300], extraWide: [300, 340] } as const;
const PAGE_PADDING = 8;
const GRID_GAP = 8;
const SECTION_BORDER = 1;
const PANEL_PADDING = 8;
/** Status bar and the page's bottom padding under the main section. */
const BELOW_CANVAS = 42;
const MIN_CANVAS_HEIGHT = 320;
type TopByWidth = readonly (readonly [minWidth: number, top: number])[];
/** Top of the canvas by the canvas's width: the toolbar above it wraps into fewer rows as it widens. */
const TOP_BY_WIDTH: { withAdjust: TopByWidth; withoutAdjust: TopByWidth } = {
  withAdjust: [
    [1430, 137],
    [990, 165],
    [758, 169],
    [654, 197],
    [574, 195],
    [422, 227],
    [0, 247],
  ],
  withoutAdjust: [
    [1182, 137],
    [742, 165],
    [598, 169],
    [574, 197],
    [422, 195],
    [0, 215],
  ],
};

export interface ChartToolbarShape {
  /** The chart panel shows the adjust toggle (stock symbols). */
  adjustToggle: boolean;
}

export function predictChartFrame(viewportWidth: number, viewportHeight: number, toolbar: ChartToolbarShape): FrameRect | undefined {
  if (viewportWidth < WIDE) return undefined;
  const [before, after] = viewportWidth >= EXTRA_WIDE ? COLUMNS.extraWide : COLUMNS.wide;
  const inset = SECTION_BORDER + PANEL_PADDING;
  const left = PAGE_PADDING + before + GRID_GAP + inset;
  const width = viewportWidth - 2 * PAGE_PADDING - before - after - 2 * GRID_GAP - 2 * inset;
  const table = toolbar.adjustToggle ? TOP_BY_WIDTH.withAdjust : TOP_BY_WIDTH.withoutAdjust;
  const top = table.find(([minWidth]) => width >= minWidth)?.[1] ?? 0;
  const height = Math.max(MIN_CANVAS_HEIGHT, viewportHeight - BELOW_CANVAS - top);
  return { left, top, width, height };
}
