/**
 * Drawings in pane pixels: the segments, boxes and handles a drawing is made of once its anchors
 * are placed, and what lies under a pointer. Pure; the primitive draws these shapes and the
 * controller hit-tests them.
 */
import type { ToolKind } from './drawing-model';

export interface Point {
  x: number;
  y: number;
}

export interface Segment {
  a: Point;
  b: Point;
  /** Drawn dashed whatever the drawing's style (a channel's middle line). */
  guide?: boolean;
}

export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

export interface Shape {
  segments: Segment[];
  /** Filled, translucent areas (rectangle, measure); a pointer inside one is on the drawing. */
  boxes: Box[];
  /** Where the anchors are: the handles a user drags. */
  handles: Point[];
  /** The tip of an arrow: its head is drawn there, pointing from the segment's start. */
  arrowHead?: Segment;
}

export interface Bounds {
  width: number;
  height: number;
}

/** Distance from p to the segment a–b. */
export function distanceToSegment(p: Point, a: Point, b: Point): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const lengthSquared = dx * dx + dy * dy;
  const t = lengthSquared === 0 ? 0 : Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / lengthSquared));
  return Math.hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy));
}

/**
 * How far along a→b (in multiples of a→b) the line leaves `bounds` (grown by a margin so the end is
 * outside the visible area). Infinity when a = b.
 */
function exitParameter(a: Point, b: Point, bounds: Bounds): number {
  const margin = 10;
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  if (dx === 0 && dy === 0) return 0;
  let t = Infinity;
  if (dx > 0) t = Math.min(t, (bounds.width + margin - a.x) / dx);
  if (dx < 0) t = Math.min(t, (-margin - a.x) / dx);
  if (dy > 0) t = Math.min(t, (bounds.height + margin - a.y) / dy);
  if (dy < 0) t = Math.min(t, (-margin - a.y) / dy);
  return Math.max(t, 1);
}

/** The ray from a through b, clipped just beyond the bounds. */
export function rayEnd(a: Point, b: Point, bounds: Bounds): Point {
  const t = exitParameter(a, b, bounds);
  if (t === 0) return b;
  return { x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t };
}

/** The y of the line through a and b at x (a's y for a vertical line). */
export function lineYAt(a: Point, b: Point, x: number): number {
  if (b.x === a.x) return a.y;
  return a.y + ((b.y - a.y) * (x - a.x)) / (b.x - a.x);
}

function boxOf(a: Point, b: Point): Box {
  return { left: Math.min(a.x, b.x), top: Math.min(a.y, b.y), right: Math.max(a.x, b.x), bottom: Math.max(a.y, b.y) };
}

/** Extra y positions some kinds need from prices (Fibonacci levels) and the text's size. */
export interface ShapeExtras {
  levelYs?: readonly number[];
  textSize?: { width: number; height: number };
}

/**
 * The shape of a drawing of `kind` whose anchors sit at `points` (fewer than its count while it is
 * being drawn: the shape of what is there).
 */
export function shapeOf(kind: ToolKind, points: readonly Point[], bounds: Bounds, extras: ShapeExtras = {}): Shape {
  const [a, b, c] = points;
  const shape: Shape = { segments: [], boxes: [], handles: [...points] };
  if (!a) return shape;
  switch (kind) {
    case 'horizontal-line':
      shape.segments.push({ a: { x: -10, y: a.y }, b: { x: bounds.width + 10, y: a.y } });
      return shape;
    case 'horizontal-ray':
      shape.segments.push({ a, b: { x: bounds.width + 10, y: a.y } });
      return shape;
    case 'vertical-line':
      shape.segments.push({ a: { x: a.x, y: -10 }, b: { x: a.x, y: bounds.height + 10 } });
      return shape;
    case 'text': {
      const size = extras.textSize ?? { width: 40, height: 16 };
      shape.boxes.push({ left: a.x, top: a.y - size.height, right: a.x + size.width, bottom: a.y });
      return shape;
    }
    default:
      break;
  }
  if (!b) return shape;
  switch (kind) {
    case 'trend-line':
      shape.segments.push({ a, b });
      break;
    case 'arrow':
      shape.segments.push({ a, b });
      shape.arrowHead = { a, b };
      break;
    case 'ray':
      shape.segments.push({ a, b: rayEnd(a, b, bounds) });
      break;
    case 'extended-line':
      shape.segments.push({ a: rayEnd(b, a, bounds), b: rayEnd(a, b, bounds) });
      break;
    case 'rectangle':
    case 'measure':
      shape.boxes.push(boxOf(a, b));
      break;
    case 'fib-retracement': {
      const left = Math.min(a.x, b.x);
      const right = Math.max(a.x, b.x);
      for (const y of extras.levelYs ?? []) shape.segments.push({ a: { x: left, y }, b: { x: right, y } });
      shape.segments.push({ a, b, guide: true });
      break;
    }
    case 'parallel-channel': {
      shape.segments.push({ a, b });
      if (c) {
        const offset = c.y - lineYAt(a, b, c.x);
        const a2 = { x: a.x, y: a.y + offset };
        const b2 = { x: b.x, y: b.y + offset };
        shape.segments.push({ a: a2, b: b2 });
        shape.segments.push({ a: { x: a.x, y: a.y + offset / 2 }, b: { x: b.x, y: b.y + offset / 2 }, guide: true });
      }
      break;
    }
    default:
      break;
  }
  return shape;
}

/**
 * Room around the pane within which a shape's own parts may lie and still put ink on it: the
 * labels drawn beside its lines and boxes (a Fibonacci level's, a measure's, at most about 250 px
 * wide), arrow heads, handles and line widths.
 */
export const VIEW_MARGIN_PX = 200;

/**
 * Whether any part of `shape` comes within VIEW_MARGIN_PX of the pane (`bounds`): one that does not
 * cannot be seen, and is not drawn. Conservative: a diagonal whose box meets the pane counts.
 */
export function shapeInView(shape: Shape, bounds: Bounds, margin: number = VIEW_MARGIN_PX): boolean {
  const meets = (left: number, top: number, right: number, bottom: number) =>
    right >= -margin && left <= bounds.width + margin && bottom >= -margin && top <= bounds.height + margin;
  return (
    shape.segments.some(({ a, b }) => meets(Math.min(a.x, b.x), Math.min(a.y, b.y), Math.max(a.x, b.x), Math.max(a.y, b.y))) ||
    shape.boxes.some((box) => meets(box.left, box.top, box.right, box.bottom)) ||
    shape.handles.some((point) => meets(point.x, point.y, point.x, point.y))
  );
}

export type Hit = { part: 'handle'; index: number } | { part: 'body' };

/** What of `shape` lies within `tolerance` px of p: a handle first, then the body. */
export function hitShape(shape: Shape, p: Point, tolerance: number): Hit | undefined {
  let best = -1;
  let bestDistance = Infinity;
  shape.handles.forEach((handle, index) => {
    const distance = Math.hypot(handle.x - p.x, handle.y - p.y);
    if (distance <= tolerance + 2 && distance < bestDistance) {
      best = index;
      bestDistance = distance;
    }
  });
  if (best >= 0) return { part: 'handle', index: best };
  if (shape.segments.some((segment) => distanceToSegment(p, segment.a, segment.b) <= tolerance)) return { part: 'body' };
  if (shape.boxes.some((box) => p.x >= box.left - tolerance && p.x <= box.right + tolerance && p.y >= box.top - tolerance && p.y <= box.bottom + tolerance)) {
    return { part: 'body' };
  }
  return undefined;
}

/** The price of each Fibonacci level: level 0 at `end`, level 1 at `start`. */
export function fibLevelPrices(start: number, end: number, levels: readonly number[]): number[] {
  return levels.map((level) => end + (start - end) * level);
}
