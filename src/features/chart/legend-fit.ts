/**
 * Keeps the chart's legend left of its price axis. Its first-page class reserves a fixed 5.5 rem
 * for the axis, which a wide price (94,747.90 in a cell of a 2 × 2) outgrows: once the chart's code
 * after the first candle is here, the legend's box is held to the panes' width, re-read whenever
 * the time scale's width changes (the price axis grew or shrank, or the chart was resized).
 */
import type { ChartSurface } from './chart-surface';

/** Space kept between the legend's box and the price axis, and the box's own left inset (left-2), in px. */
const GAP = 4;
const LEFT = 8;

/** Holds `box` (the legend's, over the chart's element) to the panes; returns the undo. */
export function fitLegendToPanes(surface: Pick<ChartSurface, 'chart'>, box: HTMLElement): () => void {
  const scale = surface.chart.timeScale();
  const fit = (): void => {
    const panes = scale.width();
    if (panes > 0) box.style.maxWidth = `${String(Math.max(0, panes - LEFT - GAP))}px`;
  };
  scale.subscribeSizeChange(fit);
  fit();
  return () => {
    scale.unsubscribeSizeChange(fit);
    box.style.maxWidth = '';
  };
}
