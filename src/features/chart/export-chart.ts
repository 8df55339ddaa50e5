/**
 * The chart's exports as the menu runs them (loaded on demand): the image of the chart and the
 * CSV of its candles, each saved as a download.
 */
import type { Candle } from '#shared/candle.ts';
import { csvBlob } from '../../lib/csv';
import { downloadBlob } from '../../lib/download';
import type { ChartSurface } from './chart-surface';
import { canvasToPng, chartScreenshot, composeChartImage, type CaptionColors, type LegendEntry } from './chart-image';
import { captionText, chartFileName, type ChartExportDescription } from './export-description';
import { klineCsv } from './kline-csv';
import { t } from '../../i18n/t';

/**
 * The chart's legend as it shows beside its panes, for the image (the library's screenshot has the
 * lines, not the legend drawn over them in the page): each shown indicator's row (its name, then
 * its values at the last candle in their lines' colours), then the comparisons' (the chart's own
 * row, then each compared symbol in its line's colour, with its percent).
 */
function chartLegend(surface: ChartSurface, textColour: string): LegendEntry[][] {
  // The legend box is the chart container's sibling (the container may hold the early chart's wrapper first).
  const box = surface.chart.chartElement().closest('[data-testid="main-chart"]')?.parentElement;
  if (!box) return [];
  const indicators = [...box.querySelectorAll<HTMLElement>('[data-testid="indicator-legend"]:not([data-hidden])')].map((row) => [
    { text: row.querySelector('[data-testid="indicator-legend-title"]')?.textContent ?? '', colour: textColour },
    ...[...row.querySelectorAll<HTMLElement>('[data-testid="indicator-legend-value"]')].map((value) => ({
      text: value.textContent,
      colour: value.style.color || textColour,
    })),
  ]);
  const compared = [...box.querySelectorAll<HTMLElement>('[data-testid="compare-legend-row"]')].map((row) => [
    {
      text: `${row.querySelector('dt')?.textContent ?? ''} ${row.querySelector('dd')?.textContent ?? ''}`.trim(),
      colour: row.style.color || textColour,
    },
  ]);
  return [...indicators, ...compared];
}

/** The chart as the PNG holds it: its panes under the caption and its legend. */
function chartPng(surface: ChartSurface, description: ChartExportDescription, colors: CaptionColors): Promise<Blob> {
  const legend = chartLegend(surface, colors.text);
  const shot = chartScreenshot(surface.chart);
  // The caption at the screenshot's own pixel ratio: the canvases' bitmaps, which follow the
  // screen's device pixels (and not always window.devicePixelRatio: under emulation they stay at CSS px).
  const cssWidth = surface.chart.chartElement().getBoundingClientRect().width;
  const pixelRatio = cssWidth > 0 ? shot.width / cssWidth : window.devicePixelRatio || 1;
  return canvasToPng(composeChartImage(shot, captionText(description), colors, pixelRatio, legend));
}

export async function exportChartPng(surface: ChartSurface, description: ChartExportDescription, colors: CaptionColors): Promise<void> {
  downloadBlob(await chartPng(surface, description, colors), chartFileName(description, 'png'));
}

/**
 * The same image on the clipboard, to paste into a chat or a document. The clipboard item takes
 * the image's promise, so the write starts inside the click (Safari refuses a write that comes
 * after an await).
 */
export async function copyChartPng(surface: ChartSurface, description: ChartExportDescription, colors: CaptionColors): Promise<void> {
  if (typeof ClipboardItem === 'undefined' || !('write' in navigator.clipboard)) throw new Error(t('this browser cannot copy images; use Image (PNG)'));
  await navigator.clipboard.write([new ClipboardItem({ 'image/png': chartPng(surface, description, colors) })]);
}

export function exportChartCsv(description: ChartExportDescription, candles: readonly Candle[]): void {
  downloadBlob(csvBlob(klineCsv(description, candles)), chartFileName(description, 'csv'));
}
