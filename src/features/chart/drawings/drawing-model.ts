/**
 * What a drawing is, independent of any chart: its kind, its anchors in instrument terms (time in
 * ms UTC and the RAW, unadjusted price, so a drawing sits on the same candles under every interval
 * and adjustment), and its style.
 */
import { t, type MessageKey } from '../../../i18n/t';
import { wallClock } from '../../../time/clock';

export const TOOL_KINDS = [
  'trend-line',
  'ray',
  'extended-line',
  'horizontal-line',
  'horizontal-ray',
  'vertical-line',
  'parallel-channel',
  'rectangle',
  'fib-retracement',
  'measure',
  'text',
  'arrow',
] as const;

export type ToolKind = (typeof TOOL_KINDS)[number];

export const LINE_STYLES = ['solid', 'dashed', 'dotted'] as const;
export type LineStyle = (typeof LINE_STYLES)[number];

/** A point of the instrument: time (ms UTC, may lie right of the last bar) and raw price. */
export interface Anchor {
  time: number;
  price: number;
}

export interface DrawingStyle {
  color: string;
  width: number;
  line: LineStyle;
}

export interface Drawing {
  id: string;
  kind: ToolKind;
  anchors: Anchor[];
  style: DrawingStyle;
  locked: boolean;
  /** The note of a text drawing. */
  text?: string;
  /** Fibonacci levels as ratios of the move (0 at the second anchor, 1 at the first). */
  levels?: number[];
}

/** How many anchors each kind takes. */
export const ANCHOR_COUNT: Readonly<Record<ToolKind, number>> = {
  'trend-line': 2,
  ray: 2,
  'extended-line': 2,
  'horizontal-line': 1,
  'horizontal-ray': 1,
  'vertical-line': 1,
  'parallel-channel': 3,
  rectangle: 2,
  'fib-retracement': 2,
  measure: 2,
  text: 1,
  arrow: 2,
};

const TOOL_LABELS: Readonly<Record<ToolKind, MessageKey>> = {
  'trend-line': 'Trend line',
  ray: 'Ray',
  'extended-line': 'Extended line',
  'horizontal-line': 'Horizontal line',
  'horizontal-ray': 'Horizontal ray',
  'vertical-line': 'Vertical line',
  'parallel-channel': 'Parallel channel',
  rectangle: 'Rectangle',
  'fib-retracement': 'Fibonacci retracement',
  measure: 'Price/date range',
  text: 'Text note',
  arrow: 'Arrow',
};

/** A tool's name in the active language ('Trend line'). */
export function toolLabel(kind: ToolKind): string {
  return t(TOOL_LABELS[kind]);
}

const LINE_STYLE_NAMES: Readonly<Record<LineStyle, MessageKey>> = { solid: 'solid', dashed: 'dashed', dotted: 'dotted' };

export function lineStyleName(line: LineStyle): string {
  return t(LINE_STYLE_NAMES[line]);
}

export const DEFAULT_FIB_LEVELS: readonly number[] = [0, 0.236, 0.382, 0.5, 0.618, 0.786, 1];

export const DEFAULT_STYLE: DrawingStyle = { color: '#2962ff', width: 2, line: 'solid' };

/** The id of the stand-in shown while a new drawing's anchors are placed. */
export const DRAFT_ID = '__draft';

let counter = 0;
export function newDrawingId(): string {
  counter += 1;
  return `d${wallClock.now().toString(36)}${counter.toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
}
