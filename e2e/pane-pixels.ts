/**
 * The main chart's panes as drawn: for each pane (top to bottom), how many pixels of each given
 * colour its plotting canvases hold. A pane is a row of canvases the library lays out; the price
 * axes (narrow canvases) and the time axis (a low row) are left out.
 */
import type { Page } from '@playwright/test';

export interface PanePixels {
  /** Page y of the pane's top and its height, CSS pixels. */
  top: number;
  height: number;
  /** Pixels near each colour asked for, in the order asked. */
  counts: number[];
}

export async function panePixels(page: Page, colours: readonly string[]): Promise<PanePixels[]> {
  return page.evaluate(
    ([hexes, TIME_AXIS_MAX_HEIGHT]) => {
      const rgb = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
      const targets = hexes.map(rgb);
      const canvases = [...document.querySelectorAll<HTMLCanvasElement>('[data-testid="main-chart"] canvas')].filter((c) => c.width > 0 && c.height > 0);
      const widest = Math.max(...canvases.map((c) => c.getBoundingClientRect().width));
      const panes = new Map<number, { top: number; height: number; counts: number[] }>();
      for (const canvas of canvases) {
        const rect = canvas.getBoundingClientRect();
        // The price axes are narrow, the time axis low: neither is a pane.
        if (rect.width < widest / 2 || rect.height < TIME_AXIS_MAX_HEIGHT) continue;
        const key = Math.round(rect.top);
        const pane = panes.get(key) ?? { top: rect.top, height: rect.height, counts: targets.map(() => 0) };
        panes.set(key, pane);
        const { data } = canvas.getContext('2d')?.getImageData(0, 0, canvas.width, canvas.height) ?? new ImageData(1, 1);
        for (let i = 0; i < data.length; i += 4) {
          if ((data[i + 3] ?? 0) < 200) continue;
          targets.forEach(([r, g, b], t) => {
            if (Math.abs((data[i] ?? 0) - (r ?? 0)) < 24 && Math.abs((data[i + 1] ?? 0) - (g ?? 0)) < 24 && Math.abs((data[i + 2] ?? 0) - (b ?? 0)) < 24)
              pane.counts[t] = (pane.counts[t] ?? 0) + 1;
          });
        }
      }
      return [...panes.values()].sort((a, b) => a.top - b.top);
    },
    [colours, 36] as const,
  );
}
