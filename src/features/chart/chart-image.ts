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
/** Between the parts of one legend entry (an indicator's name and its values): a space. */
const PART_GAP_PX = 4;
const FONT_FAMILY = 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';

/**
 * One line when the title and the detail fit side by side in `width` (CSS px), else two (a narrow
 * chart): the detail goes under the title.
 */
export function captionLines(title: string, detail: string, width: number, measure: (text: string) => number): 1 | 2 {
  return measure(title) + GAP_PX + measure(detail) + 2 * PAD_X <= width ? 1 : 2;
}

/** Height of the caption strip, CSS px: its lines, and the legend's. */
export function captionHeight(lines: 1 | 2, legendLines = 0): number {
  return (lines + legendLines) * LINE_PX + 2 * PAD_Y;
}

/** A piece of the legend the image carries (an indicator's name, one of its values, a compared symbol's percent), in its colour. */
export interface LegendEntry {
  text: string;
  colour: string;
}

/** A piece placed: x in CSS px from the image's left, and its line under the caption's. */
interface PlacedEntry {
  entry: LegendEntry;
  x: number;
  line: number;
}

/**
 * The legend's entries (each a row of the chart's legend: its pieces a space apart) side by side,
 * a gap apart, wrapped whole onto a new line where the next would run past the image's edge.
 */
export function legendLayout(
  entries: readonly (readonly LegendEntry[])[],
  width: number,
  measure: (text: string) => number,
): { lines: number; placed: PlacedEntry[] } {
  const placed: PlacedEntry[] = [];
  let line = -1;
  let x = 0;
  for (const pieces of entries) {
    if (pieces.length === 0) continue;
    const widths = pieces.map((piece) => measure(piece.text));
    const entryWidth = widths.reduce((sum, w) => sum + w, 0) + PART_GAP_PX * (pieces.length - 1);
    if (line < 0 || x + GAP_PX + entryWidth > width - PAD_X) {
      line += 1;
      x = PAD_X;
    } else x += GAP_PX;
    pieces.forEach((entry, i) => {
      placed.push({ entry, x, line });
      x += (widths[i] ?? 0) + (i < pieces.length - 1 ? PART_GAP_PX : 0);
    });
  }
  return { lines: line + 1, placed };
}

/** The screenshot with the caption strip above it, on a new canvas of the screenshot's width. */
export function composeChartImage(
  shot: HTMLCanvasElement,
  caption: { title: string; detail: string },
  colors: CaptionColors,
  pixelRatio: number,
  legend: readonly (readonly LegendEntry[])[] = [],
): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d');
  if (!context) throw new Error('This browser cannot draw the image (no 2D canvas).');
  const font = (weight: number) => `${String(weight)} ${String(FONT_PX * pixelRatio)}px ${FONT_FAMILY}`;
  context.font = font(600);
  const measure = (text: string) => context.measureText(text).width / pixelRatio;
  const lines = captionLines(caption.title, caption.detail, shot.width / pixelRatio, measure);
  context.font = font(400);
  const legendPlaces = legendLayout(legend, shot.width / pixelRatio, measure);
  const strip = Math.round(captionHeight(lines, legendPlaces.lines) * pixelRatio);

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
  // The legend under the caption, each piece in its colour.
  context.textAlign = 'left';
  for (const { entry, x: at, line } of legendPlaces.placed) {
    context.fillStyle = entry.colour;
    context.fillText(entry.text, at * pixelRatio, firstY + (lines + line) * LINE_PX * pixelRatio);
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
