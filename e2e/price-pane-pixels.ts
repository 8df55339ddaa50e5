/**
 * Reads the main chart's price pane from its canvas: where each candle is drawn (its column and
 * the rows of its high and low) and where a line of a given colour crosses a column. With the
 * legend's prices of a few candles this gives the pane's price ↔ pixel mapping, so a journey can
 * read an indicator's value off the picture the user sees.
 */
import { expect, type Page } from '@playwright/test';

export interface DrawnCandle {
  /** Page x of the candle's centre (CSS pixels). */
  x: number;
  /** Canvas rows (CSS pixels from the pane's top) of the top of its high wick and the bottom of its low one. */
  top: number;
  bottom: number;
  /** Its high or low meets the last price's line, whose rows are not read: that edge may be off by the line's width. */
  onPriceLine: boolean;
}

export interface PricePane {
  /** Page y of the pane's top. */
  top: number;
  candles: DrawnCandle[];
}

/** The price pane's box on the page (the chart's largest canvas). */
export async function paneBox(page: Page): Promise<{ left: number; top: number; width: number; height: number }> {
  return page.evaluate(() => {
    const canvases = [...document.querySelectorAll<HTMLCanvasElement>('[data-testid="main-chart"] canvas')];
    const canvas = canvases.reduce((best, c) => (c.width * c.height > best.width * best.height ? c : best));
    const { left, top, width, height } = canvas.getBoundingClientRect();
    return { left, top, width, height };
  });
}

/** The candles of the price pane (the chart's largest canvas), left to right. */
export async function readCandles(page: Page): Promise<PricePane> {
  return page.evaluate(() => {
    const css = getComputedStyle(document.documentElement);
    const rgb = (value: string) =>
      [1, 3, 5].map((i) =>
        parseInt(
          value
            .trim()
            .replace('#', '')
            .padEnd(7, '0')
            .slice(i - 1, i + 1),
          16,
        ),
      );
    const colours = [rgb(css.getPropertyValue('--color-up')), rgb(css.getPropertyValue('--color-down'))];
    const canvases = [...document.querySelectorAll<HTMLCanvasElement>('[data-testid="main-chart"] canvas')];
    const canvas = canvases.reduce((best, c) => (c.width * c.height > best.width * best.height ? c : best));
    const rect = canvas.getBoundingClientRect();
    const ratio = canvas.width / rect.width;
    const { data, width, height } = canvas.getContext('2d')?.getImageData(0, 0, canvas.width, canvas.height) ?? new ImageData(1, 1);
    const candle = (i: number) =>
      (data[i + 3] ?? 0) > 200 &&
      colours.some(
        ([r, g, b]) => Math.abs((data[i] ?? 0) - (r ?? 0)) < 40 && Math.abs((data[i + 1] ?? 0) - (g ?? 0)) < 40 && Math.abs((data[i + 2] ?? 0) - (b ?? 0)) < 40,
      );
    // The last price's dotted line crosses the whole pane in a candle colour: its rows are no candle.
    const lineRows = new Set<number>();
    for (let y = 0; y < height; y++) {
      let count = 0;
      for (let x = 0; x < width; x++) if (candle((y * width + x) * 4)) count++;
      if (count > width * 0.25) lineRows.add(y);
    }
    const columns: { top: number; bottom: number }[] = [];
    for (let x = 0; x < width; x++) {
      let top = -1;
      let bottom = -1;
      for (let y = 0; y < height; y++) {
        if (lineRows.has(y) || !candle((y * width + x) * 4)) continue;
        if (top < 0) top = y;
        bottom = y;
      }
      columns.push({ top, bottom });
    }
    const candles: { x: number; top: number; bottom: number; onPriceLine: boolean }[] = [];
    for (let x = 0; x < width; x++) {
      if ((columns[x]?.top ?? -1) < 0) continue;
      const start = x;
      let top = Infinity;
      let bottom = -Infinity;
      for (; x < width && (columns[x]?.top ?? -1) >= 0; x++) {
        top = Math.min(top, columns[x]?.top ?? Infinity);
        bottom = Math.max(bottom, columns[x]?.bottom ?? -Infinity);
      }
      // A candle cut by the pane's edge shows part of its body and no wick: not a whole candle.
      if (start === 0 || x === width) continue;
      candles.push({
        x: rect.left + (start + x - 1) / 2 / ratio,
        top: top / ratio,
        bottom: (bottom + 1) / ratio,
        onPriceLine: lineRows.has(top - 1) || lineRows.has(bottom + 1),
      });
    }
    return { top: rect.top, candles };
  });
}

/**
 * Canvas row (CSS pixels) where the line of `colour` (#rrggbb) is drawn at page x `x`, or null. A
 * line ends at the last candle's centre: the nearest column at or left of `x`, within four pixels,
 * that the line covers is read (a thin line stepping between rows is blended into its neighbours
 * there, and a column of only blended pixels does not count).
 */
export async function lineRowAt(page: Page, x: number, colour: string): Promise<number | null> {
  return page.evaluate(
    ([pageX, hex]) => {
      const want = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
      const canvases = [...document.querySelectorAll<HTMLCanvasElement>('[data-testid="main-chart"] canvas')];
      const canvas = canvases.reduce((best, c) => (c.width * c.height > best.width * best.height ? c : best));
      const rect = canvas.getBoundingClientRect();
      const ratio = canvas.width / rect.width;
      const context = canvas.getContext('2d');
      for (let step = 0; step <= 4 * ratio; step++) {
        const column = Math.round((pageX - rect.left) * ratio) - step;
        const data = context?.getImageData(column, 0, 1, canvas.height).data ?? new Uint8ClampedArray();
        let count = 0;
        let sum = 0;
        for (let y = 0; y < canvas.height; y++) {
          const distance = Math.hypot(...[0, 1, 2].map((c) => (data[y * 4 + c] ?? 0) - (want[c] ?? 0)));
          if (distance > 60) continue;
          count += 1;
          sum += y + 0.5;
        }
        if (count > 0) return sum / count / ratio;
      }
      return null;
    },
    [x, colour] as const,
  );
}

/** High, low and close the legend shows once the crosshair is on the candle at page x `x`. */
export async function legendAt(page: Page, x: number, y: number): Promise<{ high: number; low: number; close: number }> {
  const legend = page.getByTestId('chart-legend');
  const before = await legend.textContent();
  await page.mouse.move(x, y);
  // The legend follows the crosshair on the next render (each candle has its own date).
  await expect.poll(async () => await legend.textContent()).not.toBe(before);
  const text = (await legend.textContent()) ?? '';
  const match = /H([\d,.]+)L([\d,.]+)C([\d,.]+)/.exec(text);
  if (!match) throw new Error(`legend without prices: ${text}`);
  const number = (value: string | undefined) => Number((value ?? '').replace(/,/g, ''));
  return { high: number(match[1]), low: number(match[2]), close: number(match[3]) };
}

/** Least-squares line through (x, y) points: y = a + b·x. */
export function fitLine(points: readonly (readonly [number, number])[]): { a: number; b: number; worst: number } {
  const n = points.length;
  const mx = points.reduce((s, [x]) => s + x, 0) / n;
  const my = points.reduce((s, [, y]) => s + y, 0) / n;
  const b = points.reduce((s, [x, y]) => s + (x - mx) * (y - my), 0) / points.reduce((s, [x]) => s + (x - mx) ** 2, 0);
  const a = my - b * mx;
  const worst = Math.max(...points.map(([x, y]) => Math.abs(a + b * x - y)));
  return { a, b, worst };
}
