/**
 * The chart's exports as the menu runs them (loaded on demand): the image of the chart and the
 * CSV of its candles, each saved as a download.
 */
import type { Candle } from '#shared/candle.ts';
import { csvBlob } from '../../lib/csv';
import { downloadBlob } from '../../lib/download';
import type { ChartSurface } from './chart-surface';
import { canvasToPng, chartScreenshot, composeChartImage, type CaptionColors } from './chart-image';
import { captionText, chartFileName, type ChartExportDescription } from './export-description';
import { klineCsv } from './kline-csv';

export async function exportChartPng(surface: ChartSurface, description: ChartExportDescription, colors: CaptionColors): Promise<void> {
  const image = composeChartImage(chartScreenshot(surface.chart), captionText(description), colors, window.devicePixelRatio || 1);
  downloadBlob(await canvasToPng(image), chartFileName(description, 'png'));
}

export function exportChartCsv(description: ChartExportDescription, candles: readonly Candle[]): void {
  downloadBlob(csvBlob(klineCsv(description, candles)), chartFileName(description, 'csv'));
}
