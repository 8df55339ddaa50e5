/**
 * Where the corporate-action badges go along the bottom of the price pane: one badge per event
 * ("D" a dividend, "S" a split), and one badge with the count of events wherever badges would
 * touch (the same or neighbouring candles at the current bar spacing). Every badge lies wholly
 * inside the pane: none is clipped at an edge, none overlaps another. Pure: the adapter's layer
 * measures the text and draws the boxes.
 */

/** A candle with events, at its x in the pane (media pixels). */
export interface MarkerAnchor<T> {
  x: number;
  /** Events on this candle (two on one candle already count as a group). */
  events: number;
  /** The badge of a lone event: 'D' or 'S'. */
  letter: string;
  item: T;
}

export interface MarkerBox<T> {
  left: number;
  width: number;
  /** 'D', 'S', or the number of events in the group. */
  text: string;
  /** The anchors' items, left to right. */
  items: T[];
}

export interface MarkerMetrics {
  /** Least badge width (a round badge for one character). */
  minWidth: number;
  /** Space either side of the text. */
  padding: number;
  /** Least space between two badges. */
  gap: number;
}

export const MARKER_METRICS: MarkerMetrics = { minWidth: 16, padding: 4, gap: 2 };

interface Group<T> {
  anchors: MarkerAnchor<T>[];
  box: MarkerBox<T>;
}

function textOf<T>(anchors: readonly MarkerAnchor<T>[]): string {
  const events = anchors.reduce((sum, anchor) => sum + anchor.events, 0);
  const [only] = anchors;
  return events === 1 && only ? only.letter : String(events);
}

/** The group's badge, centred on its anchors' mean x and moved inside [0, paneWidth]. */
function place<T>(anchors: MarkerAnchor<T>[], paneWidth: number, measure: (text: string) => number, metrics: MarkerMetrics): Group<T> {
  const text = textOf(anchors);
  const width = Math.max(metrics.minWidth, Math.ceil(measure(text)) + 2 * metrics.padding);
  const centre = anchors.reduce((sum, anchor) => sum + anchor.x, 0) / anchors.length;
  const left = Math.max(0, Math.min(centre - width / 2, paneWidth - width));
  return { anchors, box: { left, width, text, items: anchors.map((anchor) => anchor.item) } };
}

/**
 * Badges for the anchors whose candle is in view (0 ≤ x ≤ paneWidth), left to right. A badge
 * that would come within `gap` of the one before joins it, and the joined badge is placed again
 * (it may then reach the one before that, and join it too).
 */
export function layoutMarkers<T>(
  anchors: readonly MarkerAnchor<T>[],
  paneWidth: number,
  measure: (text: string) => number,
  metrics: MarkerMetrics = MARKER_METRICS,
): MarkerBox<T>[] {
  const inView = anchors.filter((anchor) => anchor.events > 0 && anchor.x >= 0 && anchor.x <= paneWidth).sort((a, b) => a.x - b.x);
  const groups: Group<T>[] = [];
  for (const anchor of inView) {
    let group = place([anchor], paneWidth, measure, metrics);
    for (let before = groups.at(-1); before && before.box.left + before.box.width + metrics.gap > group.box.left; before = groups.at(-1)) {
      groups.pop();
      group = place([...before.anchors, ...group.anchors], paneWidth, measure, metrics);
    }
    groups.push(group);
  }
  return groups.map((group) => group.box);
}
