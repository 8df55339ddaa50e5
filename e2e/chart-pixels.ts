/**
 * Reads the main chart's canvases in the page and counts pixels in the up and down candle
 * colours: a chart that renders nothing has none.
 */
import type { Page } from '@playwright/test';

export interface CandlePixels {
  up: number;
  down: number;
  canvases: number;
}

export async function candlePixels(page: Page): Promise<CandlePixels> {
  return page.evaluate(() => {
    const css = getComputedStyle(document.documentElement);
    const parse = (value: string): [number, number, number] => {
      const hex = value.trim().replace('#', '');
      return [parseInt(hex.slice(0, 2), 16), parseInt(hex.slice(2, 4), 16), parseInt(hex.slice(4, 6), 16)];
    };
    const up = parse(css.getPropertyValue('--color-up'));
    const down = parse(css.getPropertyValue('--color-down'));
    const near = (data: Uint8ClampedArray, i: number, [r, g, b]: [number, number, number]) =>
      Math.abs((data[i] ?? 0) - r) < 40 && Math.abs((data[i + 1] ?? 0) - g) < 40 && Math.abs((data[i + 2] ?? 0) - b) < 40 && (data[i + 3] ?? 0) > 200;
    const result = { up: 0, down: 0, canvases: 0 };
    for (const canvas of document.querySelectorAll<HTMLCanvasElement>('[data-testid="main-chart"] canvas')) {
      const context = canvas.getContext('2d');
      if (!context || canvas.width === 0 || canvas.height === 0) continue;
      result.canvases++;
      const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
      for (let i = 0; i < data.length; i += 4) {
        if (near(data, i, up)) result.up++;
        else if (near(data, i, down)) result.down++;
      }
    }
    return result;
  });
}
