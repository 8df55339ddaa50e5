/**
 * Every drawing of the shown symbol, painted by one series primitive over the candles. Before
 * each paint it places the anchors (time → x through the surface, shown price → y through the
 * price series, so log and percent scales and scrolling follow) and keeps the shapes for hit
 * testing; it allocates only the few small objects of each shape, and React is not involved.
 *
 * Types only from the library: the chart is reached through the surface.
 */
import type { PrimitiveHoveredItem } from 'lightweight-charts';
import type { ChartSurface, SurfaceCandle } from '../chart-surface';
import { TopPanePrimitive, type DrawTarget } from '../../../components/top-pane-primitive';
import { DEFAULT_FIB_LEVELS, DRAFT_ID, type Anchor, type Drawing, type LineStyle } from './drawing-model';
import { fibLevelPrices, hitShape, shapeInView, shapeOf, type Hit, type Point, type Shape } from './geometry';
import { measureLabel, measureStats } from './measure';

/** A drawing with its anchors' prices as the chart shows them (adjusted as the candles are). */
export interface ShownDrawing {
  drawing: Drawing;
  anchors: readonly Anchor[];
}

export interface PlacedDrawing {
  id: string;
  kind: Drawing['kind'];
  /** Anchors as shown: time (ms UTC) and shown price. */
  anchors: readonly Anchor[];
  /** Pane pixels of the anchors at the last paint. */
  points: readonly Point[];
}

export interface DrawingColors {
  text: string;
  handleFill: string;
}

interface LabelTexts {
  decimals: number;
  /** The candles the texts were made from (the measure counts bars) and how many there were. */
  candles: readonly SurfaceCandle[];
  count: number;
  texts: string[];
  /** The measure label's box width, measured on its first paint. */
  width: number | undefined;
}

type Context = CanvasRenderingContext2D;

const FONT_SIZE = 12;
const HIT_TOLERANCE = 6;
const HANDLE_RADIUS = 4.5;
const EMPTY: readonly SurfaceCandle[] = [];

function dashOf(line: LineStyle, width: number): number[] {
  if (line === 'dashed') return [6 * width, 4 * width];
  if (line === 'dotted') return [width, 2 * width];
  return [];
}

/** The text note's box estimate for hit testing (drawn text is measured on paint). */
function textSize(text: string): { width: number; height: number } {
  return { width: text.length * FONT_SIZE * 0.6 + 8, height: FONT_SIZE + 8 };
}

export class DrawingPrimitive extends TopPanePrimitive {
  private shown: readonly ShownDrawing[] = [];
  /** A drawing being drawn or dragged: painted instead of the stored one of its id. */
  private draft: ShownDrawing | undefined;
  private selectedId: string | undefined;
  private hidden = false;
  private colors: DrawingColors = { text: '#e2e8f0', handleFill: '#0f172a' };
  private decimals = 2;
  /**
   * Per paint: the placed drawings (same order as painted) and their shapes; `inView`: whether the
   * shape can put ink on the pane (shapeInView). Every drawing repaints at every live update, and
   * those scrolled out of view were drawing on nothing.
   */
  private placed: { item: ShownDrawing; points: Point[]; shape: Shape; levelYs: number[]; inView: boolean }[] = [];
  private reportTimer: ReturnType<typeof setTimeout> | undefined;
  /**
   * The label texts of a drawing (Fibonacci levels, the measure's figures), made again only when
   * the drawing, the decimals or the candles changed: a live update repaints every drawing, and
   * formatting their labels anew each time was most of what the drawings added to it.
   */
  private readonly labelTexts = new WeakMap<ShownDrawing, LabelTexts>();

  constructor(
    private readonly surface: ChartSurface,
    /** Hears where the drawings are, shortly after they moved (tests and tools read it). */
    private readonly report: (placed: PlacedDrawing[]) => void,
  ) {
    super();
  }

  override detached(): void {
    super.detached();
    clearTimeout(this.reportTimer);
    this.reportTimer = undefined;
  }

  protected hasContent(): boolean {
    return this.placed.length > 0;
  }

  protected mayPlace(): boolean {
    return !this.hidden && (this.shown.length > 0 || this.draft !== undefined);
  }

  setDrawings(shown: readonly ShownDrawing[]): void {
    this.shown = shown;
    this.update();
  }

  setDraft(draft: ShownDrawing | undefined): void {
    this.draft = draft;
    this.update();
  }

  setSelected(id: string | undefined): void {
    this.selectedId = id;
    this.update();
  }

  setHidden(hidden: boolean): void {
    this.hidden = hidden;
    this.update();
  }

  setStyle(colors: DrawingColors, decimals: number): void {
    this.colors = colors;
    this.decimals = decimals;
    this.update();
  }

  /** The drawing under a pane point (topmost first) and the part hit. */
  hit(point: Point): { item: ShownDrawing; hit: Hit } | undefined {
    for (let i = this.placed.length - 1; i >= 0; i--) {
      const entry = this.placed[i];
      if (!entry) continue;
      const hit = hitShape(entry.shape, point, HIT_TOLERANCE);
      if (hit) return { item: entry.item, hit };
    }
    return undefined;
  }

  /** The library asks what is under the pointer: a drawing shows the cursor of what a drag would do. */
  hitTest(x: number, y: number): PrimitiveHoveredItem | null {
    const found = this.hit({ x, y });
    if (!found) return null;
    const cursorStyle = found.item.drawing.locked ? 'pointer' : found.hit.part === 'handle' ? 'grab' : 'move';
    return { externalId: found.item.drawing.id, zOrder: 'top', cursorStyle };
  }

  private update(): void {
    this.requestUpdate();
  }

  /** Before each paint: anchors to pixels, shapes for drawing and hit testing. */
  updateAllViews(): void {
    this.placed = [];
    if (this.hidden) {
      this.scheduleReport();
      return;
    }
    const series = this.surface.priceSeries;
    const size = this.surface.chart.paneSize(0);
    const bounds = { width: size.width, height: size.height };
    const place = (item: ShownDrawing): void => {
      const points: Point[] = [];
      for (const anchor of item.anchors) {
        const x = this.surface.timeToX(anchor.time);
        const y = series.priceToCoordinate(anchor.price);
        if (x === null || y === null) return;
        points.push({ x, y });
      }
      const { drawing } = item;
      let levelYs: number[] = [];
      if (drawing.kind === 'fib-retracement' && item.anchors.length === 2) {
        const [start, end] = item.anchors;
        levelYs = fibLevelPrices(start?.price ?? 0, end?.price ?? 0, drawing.levels ?? DEFAULT_FIB_LEVELS).map(
          (price) => series.priceToCoordinate(price) ?? Number.NaN,
        );
      }
      const shape = shapeOf(drawing.kind, points, bounds, { levelYs, textSize: textSize(drawing.text ?? '') });
      this.placed.push({ item, points, shape, levelYs, inView: shapeInView(shape, bounds) });
    };
    const draft = this.draft;
    for (const item of this.shown) if (item.drawing.id !== draft?.drawing.id) place(item);
    if (draft) place(draft);
    this.scheduleReport();
  }

  /** Reports positions once things settle, not on every frame of a pan. */
  private scheduleReport(): void {
    if (this.reportTimer !== undefined) return;
    this.reportTimer = setTimeout(() => {
      this.reportTimer = undefined;
      // Stored drawings only: not one whose anchors are still being placed.
      const stored = this.placed.filter(({ item }) => item.drawing.id !== DRAFT_ID);
      this.report(stored.map(({ item, points }) => ({ id: item.drawing.id, kind: item.drawing.kind, anchors: item.anchors, points })));
    }, 120);
  }

  protected draw(target: DrawTarget): void {
    target.useMediaCoordinateSpace(({ context }) => {
      context.save();
      context.font = `${String(FONT_SIZE)}px ${this.surface.chart.options().layout.fontFamily}`;
      context.lineCap = 'round';
      for (const entry of this.placed) if (entry.inView) this.drawOne(context, entry);
      context.restore();
    });
  }

  private drawOne(context: Context, { item, points, shape, levelYs }: (typeof this.placed)[number]): void {
    const { drawing } = item;
    const { color, width, line } = drawing.style;
    context.strokeStyle = color;
    context.fillStyle = color;
    context.lineWidth = width;
    for (const box of shape.boxes) {
      if (drawing.kind === 'text') continue;
      context.globalAlpha = 0.15;
      context.fillRect(box.left, box.top, box.right - box.left, box.bottom - box.top);
      context.globalAlpha = 1;
      context.setLineDash(dashOf(line, width));
      context.strokeRect(box.left, box.top, box.right - box.left, box.bottom - box.top);
    }
    for (const segment of shape.segments) {
      context.setLineDash(segment.guide ? [4, 4] : dashOf(line, width));
      context.beginPath();
      context.moveTo(segment.a.x, segment.a.y);
      context.lineTo(segment.b.x, segment.b.y);
      context.stroke();
    }
    context.setLineDash([]);
    if (shape.arrowHead) this.drawArrowHead(context, shape.arrowHead.a, shape.arrowHead.b, width);
    if (drawing.kind === 'fib-retracement') this.drawFibLabels(context, item, points, levelYs);
    if (drawing.kind === 'measure' && points.length === 2) this.drawMeasureLabel(context, item, points);
    if (drawing.kind === 'text' && points[0]) {
      context.textBaseline = 'bottom';
      context.textAlign = 'left';
      context.fillText(drawing.text ?? '', points[0].x + 4, points[0].y - 4);
    }
    const isSelected = drawing.id === this.selectedId || drawing.id === this.draft?.drawing.id;
    if (isSelected) {
      for (const handle of shape.handles) {
        context.beginPath();
        context.arc(handle.x, handle.y, HANDLE_RADIUS, 0, Math.PI * 2);
        context.fillStyle = this.colors.handleFill;
        context.fill();
        context.lineWidth = 1.5;
        context.strokeStyle = color;
        context.stroke();
      }
    }
  }

  private drawArrowHead(context: Context, from: Point, to: Point, width: number): void {
    const angle = Math.atan2(to.y - from.y, to.x - from.x);
    const size = 8 + width * 2;
    context.beginPath();
    context.moveTo(to.x, to.y);
    context.lineTo(to.x - size * Math.cos(angle - Math.PI / 7), to.y - size * Math.sin(angle - Math.PI / 7));
    context.lineTo(to.x - size * Math.cos(angle + Math.PI / 7), to.y - size * Math.sin(angle + Math.PI / 7));
    context.closePath();
    context.fill();
  }

  /** The drawing's label texts, from the cache while nothing they depend on changed. */
  private textsOf(item: ShownDrawing, make: (candles: readonly SurfaceCandle[]) => string[]): LabelTexts {
    const candles = item.drawing.kind === 'measure' ? this.surface.candles() : EMPTY;
    const kept = this.labelTexts.get(item);
    if (kept?.decimals === this.decimals && kept.candles === candles && kept.count === candles.length) return kept;
    const made: LabelTexts = { decimals: this.decimals, candles, count: candles.length, texts: make(candles), width: undefined };
    this.labelTexts.set(item, made);
    return made;
  }

  private drawFibLabels(context: Context, item: ShownDrawing, points: readonly Point[], levelYs: readonly number[]): void {
    const [start, end] = item.anchors;
    if (!start || !end || points.length < 2) return;
    const { texts } = this.textsOf(item, () => {
      const levels = item.drawing.levels ?? DEFAULT_FIB_LEVELS;
      const prices = fibLevelPrices(start.price, end.price, levels);
      return levels.map((level, i) => `${String(level)} (${(prices[i] ?? 0).toFixed(this.decimals)})`);
    });
    const left = Math.min(points[0]?.x ?? 0, points[1]?.x ?? 0);
    context.textAlign = 'left';
    context.textBaseline = 'bottom';
    texts.forEach((text, i) => {
      const y = levelYs[i];
      if (y === undefined || Number.isNaN(y)) return;
      context.fillText(text, left + 2, y - 2);
    });
  }

  private drawMeasureLabel(context: Context, item: ShownDrawing, points: readonly Point[]): void {
    const [from, to] = item.anchors;
    if (!from || !to) return;
    const label = this.textsOf(item, (candles) => [measureLabel(measureStats(from, to, candles), this.decimals)]);
    const text = label.texts[0] ?? '';
    const x = ((points[0]?.x ?? 0) + (points[1]?.x ?? 0)) / 2;
    const y = Math.max(points[0]?.y ?? 0, points[1]?.y ?? 0) + 4;
    const width = (label.width ??= context.measureText(text).width + 10);
    context.fillStyle = this.colors.handleFill;
    context.globalAlpha = 0.85;
    context.fillRect(x - width / 2, y, width, FONT_SIZE + 8);
    context.globalAlpha = 1;
    context.fillStyle = this.colors.text;
    context.textAlign = 'center';
    context.textBaseline = 'middle';
    context.fillText(text, x, y + (FONT_SIZE + 8) / 2);
  }
}
