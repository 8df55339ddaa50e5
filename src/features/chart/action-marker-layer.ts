/**
 * Corporate actions as badges along the bottom of the price pane, drawn by a series primitive of
 * the chart library: "D" a dividend, "S" a split, a count where badges would touch at the current
 * bar spacing (marker-layout). Unlike the library's own markers, whose text is centred on its
 * candle and cut at the pane's edge, every badge stays whole and apart; the badge under the
 * crosshair gives the events it stands for, for the legend to list.
 */
import type { IChartApi, IPrimitivePaneRenderer, IPrimitivePaneView, ISeriesPrimitive, SeriesAttachedParameter, Time } from 'lightweight-charts';
import type { ActionMarker } from './corporate-actions';
import { layoutMarkers, type MarkerBox } from './marker-layout';

/** A drawn badge in pane pixels (the price pane is the chart's top left). */
export interface DrawnBadge {
  left: number;
  top: number;
  width: number;
  height: number;
  text: string;
}

export interface ActionMarkerLayer {
  readonly primitive: ISeriesPrimitive;
  setMarkers(markers: readonly ActionMarker[]): void;
  setColors(badge: string, text: string): void;
  /** The events of the badge at a point of the price pane, if any. */
  at(point: { x: number; y: number }): readonly ActionMarker[] | undefined;
}

const HEIGHT = 16;
/** Space below the badges, above the pane's bottom edge. */
const BOTTOM = 3;
/** A pointer this close to a badge is on it. */
const TOLERANCE = 2;

type DrawTarget = Parameters<IPrimitivePaneRenderer['draw']>[0];

/** `report` hears each new set of drawn badges (the chart container shows them to tests and tools). */
export function createActionMarkerLayer(chart: IChartApi, report: (badges: DrawnBadge[]) => void): ActionMarkerLayer {
  let markers: readonly ActionMarker[] = [];
  let colors = { badge: '#f59e0b', text: '#0f172a' };
  let xs: (number | null)[] = [];
  let boxes: MarkerBox<ActionMarker>[] = [];
  let top = 0;
  let reported = '';
  let requestUpdate: (() => void) | undefined;

  function draw(target: DrawTarget): void {
    target.useMediaCoordinateSpace(({ context, mediaSize }) => {
      context.font = `bold 11px ${chart.options().layout.fontFamily}`;
      const anchors = markers.flatMap((marker, i) => {
        const x = xs[i];
        return x === null || x === undefined ? [] : [{ x, events: marker.events, letter: marker.letter, item: marker }];
      });
      boxes = layoutMarkers(anchors, mediaSize.width, (text) => context.measureText(text).width);
      top = mediaSize.height - BOTTOM - HEIGHT;
      context.textAlign = 'center';
      context.textBaseline = 'middle';
      for (const box of boxes) {
        context.fillStyle = colors.badge;
        context.beginPath();
        context.roundRect(box.left, top, box.width, HEIGHT, HEIGHT / 2);
        context.fill();
        context.fillStyle = colors.text;
        context.fillText(box.text, box.left + box.width / 2, top + HEIGHT / 2 + 0.5);
      }
    });
    const badges = boxes.map(({ left, width, text }) => ({ left: Math.round(left), top, width, height: HEIGHT, text }));
    const key = JSON.stringify(badges);
    if (key !== reported) {
      reported = key;
      report(badges);
    }
  }

  const renderer: IPrimitivePaneRenderer = { draw };
  const view: IPrimitivePaneView = { zOrder: () => 'top', renderer: () => (markers.length > 0 ? renderer : null) };

  const primitive: ISeriesPrimitive = {
    attached(param: SeriesAttachedParameter) {
      ({ requestUpdate } = param);
    },
    detached() {
      requestUpdate = undefined;
    },
    // Before each paint: where each marked candle is now (scrolling and zooming move them).
    updateAllViews() {
      const scale = chart.timeScale();
      xs = markers.map((marker) => scale.timeToCoordinate(marker.time as Time));
    },
    paneViews: () => [view],
  };

  return {
    primitive,
    setMarkers(next) {
      const hadNone = markers.length === 0;
      markers = next;
      if (next.length === 0) {
        boxes = [];
        if (reported !== '[]') {
          reported = '[]';
          report([]);
        }
        // None before and none now: a repaint of the whole chart would draw the same.
        if (hadNone) return;
      }
      requestUpdate?.();
    },
    setColors(badge, text) {
      colors = { badge, text };
      if (markers.length > 0) requestUpdate?.();
    },
    at({ x, y }) {
      if (y < top - TOLERANCE || y > top + HEIGHT + TOLERANCE) return undefined;
      return boxes.find((box) => x >= box.left - TOLERANCE && x <= box.left + box.width + TOLERANCE)?.items;
    },
  };
}
