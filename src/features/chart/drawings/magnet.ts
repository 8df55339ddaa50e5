/** The magnet: an anchor moves to the open, high, low or close of the nearest bar. */
import type { SurfaceCandle } from '../chart-surface';

/** The bar's price nearest to `y` on screen (so log and percent scales snap as they look). */
export function snapPrice(candle: SurfaceCandle, y: number, priceToY: (price: number) => number | null): number {
  let best = candle.close;
  let bestDistance = Infinity;
  for (const price of [candle.open, candle.high, candle.low, candle.close]) {
    const at = priceToY(price);
    if (at === null) continue;
    const distance = Math.abs(at - y);
    if (distance < bestDistance) {
      best = price;
      bestDistance = distance;
    }
  }
  return best;
}
