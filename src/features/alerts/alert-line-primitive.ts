/**
 * The main chart's alert lines, painted by one series primitive: per level a dashed line across
 * the pane and, at its right end, a label with the alert's arrow and level.
 *
 * Why not the library's price lines: each carries an axis label that the library lays out,
 * formats and draws again on every paint, and a live update repaints. Ten of them added 0.65 ms
 * (mean) to one live update of a 2,000-candle chart, more than the workbench's whole budget; the
 * same ten lines here cost about what the chart costs without them (bench: workbench group). A
 * label's text and width are kept until its level or title changes, so a paint formats nothing.
 *
 * Types only from the library: the chart is reached through the surface.
 */
import type { ChartSurface } from '../chart/chart-surface';
import { TopPanePrimitive, type DrawTarget } from '../../components/top-pane-primitive';

export interface AlertLine {
  /** Stable per line: the alert's id and which of its levels. */
  key: string;
  alertId: string;
  price: number;
  title: string;
  color: string;
  /** A crossing level can be dragged; a move alert's derived levels cannot. */
  draggable: boolean;
}

interface Label {
  title: string;
  price: number;
  text: string;
  /** Measured on the first paint that shows it. */
  width: number | undefined;
}

const FONT_SIZE = 11;
const LABEL_HEIGHT = FONT_SIZE + 6;
const LABEL_PADDING = 5;
const LABEL_TEXT_COLOR = '#0f172a';
const DASH = [4, 3];

function sameLines(a: readonly AlertLine[], b: readonly AlertLine[]): boolean {
  return (
    a.length === b.length &&
    a.every((line, i) => {
      const other = b[i];
      return (
        other !== undefined &&
        line.key === other.key &&
        line.alertId === other.alertId &&
        line.price === other.price &&
        line.title === other.title &&
        line.color === other.color &&
        line.draggable === other.draggable
      );
    })
  );
}

export class AlertLinePrimitive extends TopPanePrimitive {
  private lines: readonly AlertLine[] = [];
  /**
   * A line being dragged: drawn at this price instead of its alert's, until the next lines are
   * set after it was let go of (they carry the new level, so the line does not jump back first).
   */
  private dragged: { key: string; price: number; released: boolean } | undefined;
  private readonly labels = new Map<string, Label>();
  /** Per paint: the y of each line (null when its price is off the scale). */
  private placed: { line: AlertLine; price: number; y: number }[] = [];

  constructor(private readonly surface: Pick<ChartSurface, 'chart' | 'priceSeries'>) {
    super();
  }

  protected hasContent(): boolean {
    return this.placed.length > 0;
  }

  protected mayPlace(): boolean {
    return this.lines.length > 0 || this.dragged !== undefined;
  }

  /** The lines to draw; the same lines again (each render sets them) paint nothing anew. */
  setLines(lines: readonly AlertLine[]): void {
    if (!this.dragged?.released && sameLines(this.lines, lines)) return;
    this.lines = lines;
    if (this.dragged?.released) this.dragged = undefined;
    const keys = new Set(lines.map((line) => line.key));
    for (const key of this.labels.keys()) if (!keys.has(key)) this.labels.delete(key);
    this.requestUpdate();
  }

  /** Draws the line of `key` at `price` while it is dragged. */
  drag(key: string, price: number): void {
    this.dragged = { key, price, released: false };
    this.requestUpdate();
  }

  /** The drag ended: the line stays where it was let go of until the next lines are set. */
  release(): void {
    if (this.dragged) this.dragged.released = true;
  }

  /** The draggable line nearest to pane y within `tolerance` px, as painted last. */
  draggableNear(y: number, tolerance: number): AlertLine | undefined {
    let best: AlertLine | undefined;
    let bestDistance = tolerance + 1;
    for (const { line, y: at } of this.placed) {
      const distance = Math.abs(at - y);
      if (line.draggable && distance < bestDistance) {
        best = line;
        bestDistance = distance;
      }
    }
    return best;
  }

  /** Before each paint: each line's y on the price scale as it is now. */
  updateAllViews(): void {
    this.placed = [];
    for (const line of this.lines) {
      const price = this.dragged?.key === line.key ? this.dragged.price : line.price;
      const y = this.surface.priceSeries.priceToCoordinate(price);
      if (y !== null) this.placed.push({ line, price, y });
    }
  }

  /** The label of a line at a price, made again only when its title or price changed. */
  private labelOf(line: AlertLine, price: number): Label {
    const kept = this.labels.get(line.key);
    if (kept?.price === price && kept.title === line.title) return kept;
    // In the price axis's own format (the instrument's tick): a move's level is a computed price
    // (222.0539608) that would otherwise run onto the axis.
    const label: Label = { title: line.title, price, text: `${line.title} ${this.surface.priceSeries.priceFormatter().format(price)}`, width: undefined };
    this.labels.set(line.key, label);
    return label;
  }

  protected draw(target: DrawTarget): void {
    target.useMediaCoordinateSpace(({ context, mediaSize }) => {
      context.save();
      context.lineWidth = 1;
      context.setLineDash(DASH);
      for (const { line, y } of this.placed) {
        const row = Math.round(y) + 0.5;
        context.strokeStyle = line.color;
        context.beginPath();
        context.moveTo(0, row);
        context.lineTo(mediaSize.width, row);
        context.stroke();
      }
      context.setLineDash([]);
      context.font = `${String(FONT_SIZE)}px ${this.surface.chart.options().layout.fontFamily}`;
      context.textBaseline = 'middle';
      context.textAlign = 'left';
      for (const { line, price, y } of this.placed) {
        const label = this.labelOf(line, price);
        label.width ??= context.measureText(label.text).width + 2 * LABEL_PADDING;
        const left = mediaSize.width - label.width - 2;
        context.fillStyle = line.color;
        context.fillRect(left, y - LABEL_HEIGHT / 2, label.width, LABEL_HEIGHT);
        context.fillStyle = LABEL_TEXT_COLOR;
        context.fillText(label.text, left + LABEL_PADDING, y);
      }
      context.restore();
    });
  }
}
