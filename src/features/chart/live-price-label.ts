/**
 * The price axis's label of the live price. The library's own last-value label reads the last
 * VISIBLE bar whatever `priceLineSource` says (only its dotted line follows that option), so a
 * trader scrolled back read an old close on the axis as the price. This label follows the latest
 * candle instead: an axis-only price line at its close, in its candle's colour, moved on every update.
 */
import type { IPriceLine } from 'lightweight-charts';
import type { ChartSurface } from './chart-surface';

/** Puts the live label on the chart's price axis in place of the library's; returns the undo. */
export function showLivePriceLabel(surface: Pick<ChartSurface, 'priceSeries' | 'latestCandle' | 'onDataChange'>): () => void {
  const series = surface.priceSeries;
  let line: IPriceLine | undefined;
  const follow = (): void => {
    // The latest candle alone: the whole list in ms (a time-zone conversion a candle) is built
    // only for the tools that need it, not for this label after every new dataset.
    const latest = surface.latestCandle();
    if (!latest) {
      if (line) series.removePriceLine(line);
      line = undefined;
      return;
    }
    const { upColor, downColor } = series.options();
    const color = latest.close >= latest.open ? upColor : downColor;
    const options = { price: latest.close, color, axisLabelColor: color };
    if (line) line.applyOptions(options);
    else line = series.createPriceLine({ ...options, lineVisible: false, axisLabelVisible: true, title: '' });
  };
  series.applyOptions({ lastValueVisible: false });
  // A live update moves the surface's candles before the series (the data change); a new dataset
  // replaces them after, when the surface's data listeners hear it.
  series.subscribeDataChanged(follow);
  const offData = surface.onDataChange(follow);
  follow();
  return () => {
    series.unsubscribeDataChanged(follow);
    offData();
    if (line) series.removePriceLine(line);
    series.applyOptions({ lastValueVisible: true });
  };
}
