/**
 * The chart as a PNG: the library's screenshot of every pane (candles, volume, indicators, and
 * the primitives of the top layer, e.g. drawings) below a caption strip in the theme's colours.
 * The image keeps the screenshot's device pixels: its width is the chart's canvas width × the
 * device pixel ratio; its height is the chart's plus the caption's.
 */
import type { IChartApi } from 'lightweight-charts';

export interface CaptionColors {
  background: string;
  text: string;
  border: string;
}

/** Caption metrics in CSS pixels (scaled by the pixel ratio on the canvas). */
const FONT_PX = 12;
const LINE_PX = 18;
const PAD_X = 8;
const PAD_Y = 6;
const GAP_PX = 16;
const FONT_FAMILY = 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';

/**
 * One line when the title and the detail fit side by side in `width` (CSS px), else two (a narrow
 * chart): the detail goes under the title.
 */
export function captionLines(title: string, detail: string, width: number, measure: (text: string) => number): 1 | 2 {
  return measure(title) + GAP_PX + measure(detail) + 2 * PAD_X <= width ? 1 : 2;
}

/** Height of the caption strip, CSS px: its lines, and one more for a legend. */
export function captionHeight(lines: 1 | 2, legend = false): number {
  return (lines + (legend ? 1 : 0)) * LINE_PX + 2 * PAD_Y;
}

/** One entry of the legend the image carries (the compared symbols' percents), in its line's colour. */
export interface LegendEntry {
  text: string;
  colour: string;
}

/** The screenshot with the caption strip above it, on a new canvas of the screenshot's width. */
export function composeChartImage(
  shot: HTMLCanvasElement,
  caption: { title: string; detail: string },
  colors: CaptionColors,
  pixelRatio: number,
  legend: readonly LegendEntry[] = [],
): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d');
  if (!context) throw new Error('This browser cannot draw the image (no 2D canvas).');
  const font = (weight: number) => `${String(weight)} ${String(FONT_PX * pixelRatio)}px ${FONT_FAMILY}`;
  context.font = font(600);
  const measure = (text: string) => context.measureText(text).width / pixelRatio;
  const lines = captionLines(caption.title, caption.detail, shot.width / pixelRatio, measure);
  const strip = Math.round(captionHeight(lines, legend.length > 0) * pixelRatio);

  canvas.width = shot.width;
  canvas.height = shot.height + strip;
  // Resizing reset the context's state: set it again.
  context.fillStyle = colors.background;
  context.fillRect(0, 0, canvas.width, strip);
  context.fillStyle = colors.border;
  context.fillRect(0, strip - Math.max(1, Math.round(pixelRatio)), canvas.width, Math.max(1, Math.round(pixelRatio)));
  context.drawImage(shot, 0, strip);

  context.fillStyle = colors.text;
  context.textBaseline = 'middle';
  const x = PAD_X * pixelRatio;
  const firstY = (PAD_Y + LINE_PX / 2) * pixelRatio;
  context.font = font(600);
  context.textAlign = 'left';
  context.fillText(caption.title, x, firstY);
  context.font = font(400);
  if (lines === 1) {
    context.textAlign = 'right';
    context.fillText(caption.detail, canvas.width - x, firstY);
  } else {
    context.fillText(caption.detail, x, firstY + LINE_PX * pixelRatio);
  }
  // The legend's entries side by side on a line of their own, each in its line's colour.
  context.textAlign = 'left';
  let legendX = x;
  for (const entry of legend) {
    context.fillStyle = entry.colour;
    context.fillText(entry.text, legendX, firstY + lines * LINE_PX * pixelRatio);
    legendX += context.measureText(entry.text).width + GAP_PX * pixelRatio;
  }
  return canvas;
}

/** The chart's panes as drawn now, with the top layer (drawings), without the crosshair. */
export function chartScreenshot(chart: IChartApi): HTMLCanvasElement {
  return chart.takeScreenshot(true, false);
}

export function canvasToPng(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => {
      if (blob) resolve(blob);
      else reject(new Error('The browser could not encode the image.'));
    }, 'image/png');
  });
}
