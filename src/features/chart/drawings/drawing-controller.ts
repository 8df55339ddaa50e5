/**
 * Mouse and touch on the chart for the drawings: placing a new drawing's anchors, selecting one,
 * dragging a whole drawing or one anchor. Pointer events on the chart's element, caught before the
 * library's own mouse and touch handlers: while a gesture is ours the chart does not pan or zoom.
 * Anchors are read back as (time, shown price); the layer turns them into raw prices.
 */
import type { ChartSurface } from '../chart-surface';
import { ANCHOR_COUNT, DRAFT_ID, type Anchor, type Drawing, type ToolKind } from './drawing-model';
import type { DrawingPrimitive, ShownDrawing } from './drawing-primitive';
import type { Point } from './geometry';
import { snapPrice } from './magnet';

/** A pointer that moved less than this between down and up clicked. */
const CLICK_SLOP = 5;

export interface ControllerCallbacks {
  /** A new drawing's anchors (shown prices) are all placed. */
  onCreate(kind: ToolKind, anchors: Anchor[]): void;
  /** A drawing was dragged to new anchors (shown prices). */
  onMove(drawing: Drawing, anchors: Anchor[]): void;
  onSelect(id: string | undefined): void;
}

interface Placing {
  kind: ToolKind;
  fixed: Anchor[];
  cursor: Anchor;
  downAt: Point;
  /** The press that started the drawing is still the current one. */
  firstPress: boolean;
}

interface Dragging {
  item: ShownDrawing;
  /** The anchor dragged, or undefined for the whole drawing. */
  handle: number | undefined;
  downAt: Point;
  moved: boolean;
}

export class DrawingController {
  private tool: ToolKind | undefined;
  private draftStyle: Drawing['style'] = { color: '#2962ff', width: 2, line: 'solid' };
  private magnet = false;
  private placing: Placing | undefined;
  private dragging: Dragging | undefined;
  private pointerId: number | undefined;
  private scrollLocked = false;
  private readonly element: HTMLElement;

  constructor(
    private readonly surface: ChartSurface,
    private readonly primitive: DrawingPrimitive,
    private readonly callbacks: ControllerCallbacks,
  ) {
    this.element = surface.element;
    this.element.addEventListener('pointerdown', this.onPointerDown, { capture: true });
    this.element.addEventListener('pointermove', this.onPointerMove, { capture: true });
    this.element.addEventListener('pointerup', this.onPointerUp, { capture: true });
    this.element.addEventListener('pointercancel', this.onPointerCancel, { capture: true });
    // The library pans on its own mouse and touch events: keep them from it during our gestures.
    for (const type of ['mousedown', 'mousemove', 'touchstart', 'touchmove'] as const) {
      this.element.addEventListener(type, this.swallow, { capture: true, passive: false });
    }
  }

  destroy(): void {
    this.element.removeEventListener('pointerdown', this.onPointerDown, { capture: true });
    this.element.removeEventListener('pointermove', this.onPointerMove, { capture: true });
    this.element.removeEventListener('pointerup', this.onPointerUp, { capture: true });
    this.element.removeEventListener('pointercancel', this.onPointerCancel, { capture: true });
    for (const type of ['mousedown', 'mousemove', 'touchstart', 'touchmove'] as const) {
      this.element.removeEventListener(type, this.swallow, { capture: true });
    }
    this.setScrollLocked(false);
    this.element.style.touchAction = '';
  }

  /** The tool that the next press on the chart draws with; undefined to select and move. */
  setTool(tool: ToolKind | undefined): void {
    this.tool = tool;
    this.cancel();
    // On touch, a press with a tool draws instead of scrolling the page or the chart.
    this.element.style.touchAction = tool ? 'none' : '';
    this.setScrollLocked(tool !== undefined);
  }

  /** The style a drawing in progress is shown in. */
  setDraftStyle(style: Drawing['style']): void {
    this.draftStyle = style;
  }

  setMagnet(on: boolean): void {
    this.magnet = on;
  }

  /** Drops the drawing in progress (Esc). True when there was one. */
  cancel(): boolean {
    const had = this.placing !== undefined || this.dragging !== undefined;
    this.placing = undefined;
    this.dragging = undefined;
    this.pointerId = undefined;
    this.primitive.setDraft(undefined);
    if (!this.tool) this.setScrollLocked(false);
    return had;
  }

  get busy(): boolean {
    return this.placing !== undefined || this.dragging !== undefined;
  }

  private readonly swallow = (event: Event): void => {
    if (this.busy || (this.tool && event.type !== 'mousemove')) {
      event.stopPropagation();
      if (event.type === 'touchmove' || event.type === 'touchstart') event.preventDefault();
    }
  };

  private setScrollLocked(locked: boolean): void {
    if (this.scrollLocked === locked) return;
    this.scrollLocked = locked;
    this.surface.chart.applyOptions(locked ? { handleScroll: false, handleScale: false } : { handleScroll: true, handleScale: true });
  }

  /** The pane point of a pointer event, or undefined outside the price pane. */
  private panePoint(event: PointerEvent): Point | undefined {
    const rect = this.element.getBoundingClientRect();
    const left = this.surface.chart.priceScale('left').width();
    const x = event.clientX - rect.left - left;
    const y = event.clientY - rect.top;
    const size = this.surface.chart.paneSize(0);
    if (x < 0 || y < 0 || x > size.width || y > size.height) return undefined;
    return { x, y };
  }

  /** The anchor under a pane point: magnet to the nearest bar's O/H/L/C when on or Ctrl/Cmd held. */
  private anchorAt(point: Point, event: PointerEvent): Anchor | undefined {
    const series = this.surface.priceSeries;
    if (this.magnet || event.ctrlKey || event.metaKey) {
      const candle = this.surface.candleNear(point.x);
      if (candle) return { time: candle.time, price: snapPrice(candle, point.y, (price) => series.priceToCoordinate(price)) };
    }
    const time = this.surface.xToTime(point.x);
    const price = series.coordinateToPrice(point.y);
    return time === null || price === null ? undefined : { time, price };
  }

  private readonly onPointerDown = (event: PointerEvent): void => {
    if (event.button !== 0) return;
    const point = this.panePoint(event);
    if (!point) return;
    if (this.tool) {
      const anchor = this.anchorAt(point, event);
      if (!anchor) return;
      this.claim(event);
      if (this.placing) {
        this.placing.cursor = anchor;
        this.placing.downAt = point;
        this.placing.firstPress = false;
      } else {
        this.placing = { kind: this.tool, fixed: [anchor], cursor: anchor, downAt: point, firstPress: true };
      }
      this.showPlacing();
      return;
    }
    const found = this.primitive.hit(point);
    this.callbacks.onSelect(found?.item.drawing.id);
    if (!found || found.item.drawing.locked) return;
    this.claim(event);
    this.setScrollLocked(true);
    this.dragging = { item: found.item, handle: found.hit.part === 'handle' ? found.hit.index : undefined, downAt: point, moved: false };
  };

  /** Takes the pointer: its moves come here even off the chart, and the library does not pan. */
  private claim(event: PointerEvent): void {
    event.stopPropagation();
    event.preventDefault();
    this.pointerId = event.pointerId;
    try {
      this.element.setPointerCapture(event.pointerId);
    } catch {
      // A synthetic pointer cannot be captured: moves still arrive while over the chart.
    }
  }

  private readonly onPointerMove = (event: PointerEvent): void => {
    if (this.pointerId !== undefined && event.pointerId !== this.pointerId && this.dragging) return;
    if (this.placing) {
      const point = this.panePointClamped(event);
      const anchor = this.anchorAt(point, event);
      if (!anchor) return;
      this.placing.cursor = anchor;
      this.showPlacing();
      event.stopPropagation();
      return;
    }
    if (this.dragging) {
      const point = this.panePointClamped(event);
      const drag = this.dragging;
      if (!drag.moved && Math.hypot(point.x - drag.downAt.x, point.y - drag.downAt.y) < CLICK_SLOP) return;
      drag.moved = true;
      const anchors = this.draggedAnchors(drag, point, event);
      if (anchors) this.primitive.setDraft({ drawing: drag.item.drawing, anchors });
      event.stopPropagation();
    }
  };

  private readonly onPointerUp = (event: PointerEvent): void => {
    if (this.pointerId !== undefined && event.pointerId !== this.pointerId) return;
    this.pointerId = undefined;
    const placing = this.placing;
    if (placing) {
      event.stopPropagation();
      const point = this.panePointClamped(event);
      const anchor = this.anchorAt(point, event) ?? placing.cursor;
      const needed = ANCHOR_COUNT[placing.kind];
      const clicked = Math.hypot(point.x - placing.downAt.x, point.y - placing.downAt.y) < CLICK_SLOP;
      // The first press's release without a drag leaves the first anchor and waits for the next click.
      const firstClick = placing.firstPress && clicked;
      if (needed === 1) placing.fixed = [anchor];
      else if (!firstClick) placing.fixed.push(anchor);
      placing.cursor = anchor;
      if (placing.fixed.length >= needed) {
        const anchors = placing.fixed.slice(0, needed);
        this.placing = undefined;
        this.primitive.setDraft(undefined);
        this.callbacks.onCreate(placing.kind, anchors);
      } else {
        this.showPlacing();
      }
      return;
    }
    const drag = this.dragging;
    if (drag) {
      event.stopPropagation();
      this.dragging = undefined;
      if (!this.tool) this.setScrollLocked(false);
      if (drag.moved) {
        const anchors = this.draggedAnchors(drag, this.panePointClamped(event), event);
        this.primitive.setDraft(undefined);
        if (anchors) this.callbacks.onMove(drag.item.drawing, anchors);
      }
    }
  };

  private readonly onPointerCancel = (): void => {
    this.cancel();
  };

  /** A pointer point kept inside the pane (a drag past its edge stops at the edge). */
  private panePointClamped(event: PointerEvent): Point {
    const rect = this.element.getBoundingClientRect();
    const left = this.surface.chart.priceScale('left').width();
    const size = this.surface.chart.paneSize(0);
    return {
      x: Math.max(0, Math.min(size.width, event.clientX - rect.left - left)),
      y: Math.max(0, Math.min(size.height, event.clientY - rect.top)),
    };
  }

  private showPlacing(): void {
    const placing = this.placing;
    if (!placing) return;
    const needed = ANCHOR_COUNT[placing.kind];
    const anchors = [...placing.fixed, placing.cursor].slice(0, Math.max(1, needed));
    this.primitive.setDraft({ drawing: { ...draftDrawing(placing.kind), style: this.draftStyle }, anchors });
  }

  /** The dragged drawing's anchors with the pointer at `point`. */
  private draggedAnchors(drag: Dragging, point: Point, event: PointerEvent): Anchor[] | undefined {
    if (drag.handle !== undefined) {
      const anchor = this.anchorAt(point, event);
      if (!anchor) return undefined;
      return drag.item.anchors.map((a, i) => (i === drag.handle ? anchor : a));
    }
    // The whole drawing moves by the pointer's pixels, so it keeps its look on any scale.
    const dx = point.x - drag.downAt.x;
    const dy = point.y - drag.downAt.y;
    const series = this.surface.priceSeries;
    const moved: Anchor[] = [];
    for (const anchor of drag.item.anchors) {
      const x = this.surface.timeToX(anchor.time);
      const y = series.priceToCoordinate(anchor.price);
      if (x === null || y === null) return undefined;
      const time = this.surface.xToTime(x + dx);
      const price = series.coordinateToPrice(y + dy);
      if (time === null || price === null) return undefined;
      moved.push({ time, price });
    }
    return moved;
  }
}

/** The stand-in drawn while a new drawing's anchors are placed. */
function draftDrawing(kind: ToolKind): Drawing {
  return { id: DRAFT_ID, kind, anchors: [], style: { color: '#2962ff', width: 2, line: 'solid' }, locked: false, text: 'Note' };
}
