/**
 * Keeps a price series' alert lines equal to a list of wanted lines with the fewest library
 * calls: a line is created once, changed in place (applyOptions) when its level or label changes,
 * and removed when it is no longer wanted. Live ticks never come through here, so a tick costs
 * the lines nothing.
 */
import { LineStyle, type IPriceLine, type ISeriesApi, type SeriesType } from 'lightweight-charts';

export interface WantedLine {
  /** Stable per line: the alert's id and which of its levels. */
  key: string;
  alertId: string;
  price: number;
  title: string;
  color: string;
  /** A crossing level can be dragged; a move alert's derived levels cannot. */
  draggable: boolean;
}

export interface DrawnLine {
  line: IPriceLine;
  wanted: WantedLine;
}

export function syncLines(series: Pick<ISeriesApi<SeriesType>, 'createPriceLine' | 'removePriceLine'>, drawn: Map<string, DrawnLine>, wanted: readonly WantedLine[]): void {
  const keep = new Set<string>();
  for (const each of wanted) {
    keep.add(each.key);
    const existing = drawn.get(each.key);
    if (!existing) {
      const line = series.createPriceLine({ price: each.price, color: each.color, lineWidth: 1, lineStyle: LineStyle.Dashed, axisLabelVisible: true, title: each.title });
      drawn.set(each.key, { line, wanted: each });
      continue;
    }
    const before = existing.wanted;
    if (before.price !== each.price || before.title !== each.title || before.color !== each.color) {
      existing.line.applyOptions({ price: each.price, title: each.title, color: each.color });
    }
    existing.wanted = each;
  }
  for (const [key, { line }] of drawn) {
    if (keep.has(key)) continue;
    series.removePriceLine(line);
    drawn.delete(key);
  }
}
