/**
 * The frame of one session piece: its open, high, low, close, volume and turnover, decided from
 * the price path sampled every BLOCK_MINUTES before any minute exists. The minutes are then drawn
 * inside the frame (minute-bars.ts): they open and close at the samples, never pass the high or
 * the low, touch each once, and share out the piece's volume and turnover exactly. So a daily
 * candle costs a few dozen path samples instead of every minute's arithmetic (a year of US daily
 * history: ~1 ms against ~85 ms when days were folded minute by minute), and still equals the
 * fold of its 1-minute bars to the bit.
 */
import { LRUCache } from 'lru-cache';
import { gauss } from './hash.ts';
import type { InstrumentModel } from './instrument-model.ts';
import { toRawPrices } from './raw-prices.ts';
import { volumeCurve } from './volume-curve.ts';

/** Minutes per block: the frame samples the path at block edges and splits volume by block. */
export const BLOCK_MINUTES = 30;
/** Every minute trades at least this many quanta; the frame's volume is shared out above it. */
export const MINIMUM_QUANTA = 4;

const STREAM_HIGH_MARGIN = 2_000;
const STREAM_LOW_MARGIN = 2_001;
const STREAM_PIECE_VOLUME = 2_002;
const STREAM_BLOCK_VOLUME = 2_003;
/** Mean of a minute's volume factors (move boost × log-normal noise) in the minute-by-minute model. */
const MEAN_MINUTE_FACTOR = 2.48;

export interface PieceFrame {
  firstMinute: number;
  count: number;
  /** Raw (traded, unrounded) path prices at the block edges: edge k at firstMinute + k × BLOCK_MINUTES, the last at the piece's end. */
  edges: Float64Array;
  open: number;
  high: number;
  low: number;
  close: number;
  /** The minutes whose high (low) is the piece's. */
  highMinute: number;
  lowMinute: number;
  /** Path prices beyond these are eased toward the high (low) without reaching it. */
  highReference: number;
  lowReference: number;
  /** Volume curve by minute of the piece (undefined: flat, 24-hour markets). */
  curve: Float64Array | undefined;
  /** Quanta of each block above MINIMUM_QUANTA a minute. */
  blockExtraQuanta: Float64Array;
  /** Turnover of each block in cents. */
  blockTurnoverCents: Float64Array;
  quanta: number;
  turnoverCents: number;
}

export function blockCount(count: number): number {
  return Math.max(1, Math.ceil(count / BLOCK_MINUTES));
}

/** Minutes in block `block` of a piece of `count` minutes. */
export function blockLength(count: number, block: number): number {
  return Math.min(BLOCK_MINUTES, count - block * BLOCK_MINUTES);
}

/** Splits `total` integer units by `weights` so the parts are integers that sum to `total` exactly. */
export function shareOut(total: number, weights: Float64Array, length: number, out: Float64Array): void {
  let sum = 0;
  for (let i = 0; i < length; i++) sum += weights[i] ?? 0;
  let cumulative = 0;
  let given = 0;
  for (let i = 0; i < length; i++) {
    cumulative += weights[i] ?? 0;
    const upTo = i === length - 1 ? total : sum > 0 ? Math.round((total * cumulative) / sum) : 0;
    out[i] = upTo - given;
    given = upTo;
  }
}

/** Frames are small (a few dozen numbers) and pure functions of the instrument and the piece. */
const frames = new LRUCache<string, PieceFrame>({ max: 20_000 });

/** The frame of the piece [firstMinute, endMinute) of the instrument. */
export function pieceFrameOf(model: InstrumentModel, firstMinute: number, endMinute: number): PieceFrame {
  const key = `${String(model.seed)}|${String(firstMinute)}|${String(endMinute)}`;
  let frame = frames.get(key);
  if (!frame) {
    frame = computePieceFrame(model, firstMinute, endMinute);
    frames.set(key, frame);
  }
  return frame;
}

export function computePieceFrame(model: InstrumentModel, firstMinute: number, endMinute: number): PieceFrame {
  const count = Math.max(1, endMinute - firstMinute);
  const blocks = blockCount(count);
  const edges = new Float64Array(blocks + 1);
  model.path.fillSamples(firstMinute, BLOCK_MINUTES, blocks, firstMinute + count, edges);
  toRawEdges(model, firstMinute, count, edges);

  let highEdge = 0;
  let lowEdge = 0;
  for (let k = 1; k <= blocks; k++) {
    if ((edges[k] ?? 0) > (edges[highEdge] ?? 0)) highEdge = k;
    if ((edges[k] ?? 0) < (edges[lowEdge] ?? 0)) lowEdge = k;
  }
  const highReference = edges[highEdge] ?? 0;
  const lowReference = edges[lowEdge] ?? 0;
  // Between two samples the path strays a little past them: the margin is of that size.
  const blockVolatility = model.minuteVolatility * Math.sqrt(Math.min(count, BLOCK_MINUTES));
  const { seed, round } = model;
  const highMargin = blockVolatility * (0.2 + 0.55 * Math.abs(gauss(seed, firstMinute, STREAM_HIGH_MARGIN)));
  const lowMargin = blockVolatility * (0.2 + 0.55 * Math.abs(gauss(seed, firstMinute, STREAM_LOW_MARGIN)));
  const open = round.nearest(edges[0] ?? 0);
  const close = round.nearest(edges[blocks] ?? 0);
  const high = Math.max(round.up(highReference * Math.exp(highMargin)), open, close);
  const low = Math.min(round.down(lowReference * Math.exp(-lowMargin)), open, close);
  const lastMinute = firstMinute + count - 1;
  const edgeMinute = (k: number): number => Math.min(lastMinute, firstMinute + k * BLOCK_MINUTES);

  const { blockExtraQuanta, blockTurnoverCents, curve, quanta } = shareVolume(model, firstMinute, count, edges);
  let turnoverCents = 0;
  for (const cents of blockTurnoverCents) turnoverCents += cents;
  return {
    firstMinute,
    count,
    edges,
    open,
    high,
    low,
    close,
    highMinute: edgeMinute(highEdge),
    lowMinute: edgeMinute(lowEdge),
    highReference,
    lowReference,
    curve,
    blockExtraQuanta,
    blockTurnoverCents,
    quanta,
    turnoverCents,
  };
}

/**
 * The piece's volume (a U-shaped session curve for exchange-traded instruments, more on days and
 * blocks that move) and its split by block; each block's turnover at the block's price level.
 */
function shareVolume(
  model: InstrumentModel,
  firstMinute: number,
  count: number,
  edges: Float64Array,
): Pick<PieceFrame, 'blockExtraQuanta' | 'blockTurnoverCents' | 'curve' | 'quanta'> {
  const { type } = model.instrument;
  const curve = type === 'stock' || type === 'futures' ? volumeCurve(count) : undefined;
  const blocks = blockCount(count);
  const shapes = curve ? blockShapes(count, curve) : undefined;
  const weights = new Float64Array(blocks);
  let shapeTotal = 0;
  for (let b = 0; b < blocks; b++) {
    const length = blockLength(count, b);
    const shape = shapes?.[b] ?? length;
    shapeTotal += shape;
    const move = Math.abs(Math.log((edges[b + 1] ?? 1) / (edges[b] ?? 1))) / (model.minuteVolatility * Math.sqrt(length));
    weights[b] = shape * Math.exp(0.3 * gauss(model.seed, firstMinute + b, STREAM_BLOCK_VOLUME)) * (1 + 0.5 * Math.min(4, move));
  }
  const baseQuanta = Math.max(MINIMUM_QUANTA, model.instrument.minuteVolume / model.volumeQuantum);
  const dayMove = Math.abs(Math.log((edges[blocks] ?? 1) / (edges[0] ?? 1))) / (model.minuteVolatility * Math.sqrt(count));
  const dayFactor = Math.exp(0.25 * gauss(model.seed, firstMinute, STREAM_PIECE_VOLUME)) * (0.8 + 0.25 * Math.min(4, dayMove));
  const quanta = Math.max(MINIMUM_QUANTA * count, Math.round(baseQuanta * shapeTotal * MEAN_MINUTE_FACTOR * dayFactor));
  const blockExtraQuanta = new Float64Array(blocks);
  shareOut(quanta - MINIMUM_QUANTA * count, weights, blocks, blockExtraQuanta);
  const blockTurnoverCents = new Float64Array(blocks);
  for (let b = 0; b < blocks; b++) {
    const blockQuanta = (blockExtraQuanta[b] ?? 0) + MINIMUM_QUANTA * blockLength(count, b);
    const level = ((edges[b] ?? 0) + (edges[b + 1] ?? 0)) / 2;
    blockTurnoverCents[b] = Math.round(blockQuanta * model.volumeQuantum * level * 100);
  }
  return { blockExtraQuanta, blockTurnoverCents, curve, quanta };
}

const shapeSums = new Map<number, Float64Array>();

/** The volume curve summed over each block of a piece of `count` minutes (few distinct lengths: computed once each). */
function blockShapes(count: number, curve: Float64Array): Float64Array {
  let sums = shapeSums.get(count);
  if (!sums) {
    sums = new Float64Array(blockCount(count));
    for (let j = 0; j < count; j++) sums[Math.floor(j / BLOCK_MINUTES)] = (sums[Math.floor(j / BLOCK_MINUTES)] ?? 0) + (curve[j] ?? 1);
    if (shapeSums.size >= 512) shapeSums.clear();
    shapeSums.set(count, sums);
  }
  return sums;
}

/** Converts the smooth edge prices to raw traded prices (each edge is its own minute). */
function toRawEdges(model: InstrumentModel, firstMinute: number, count: number, edges: Float64Array): void {
  if (model.events.length === 0) return;
  const one = new Float64Array(1);
  for (let k = 0; k < edges.length; k++) {
    one[0] = edges[k] ?? 0;
    toRawPrices(model, Math.min(firstMinute + k * BLOCK_MINUTES, firstMinute + count), 1, one);
    edges[k] = one[0];
  }
}

/**
 * A path price inside the frame: beyond the sampled extremes it eases toward the high (low) and
 * never reaches it, so no minute passes the piece's high or low. Identity between the extremes.
 */
export function framedPrice(frame: PieceFrame, price: number): number {
  if (price > frame.highReference) {
    const room = frame.high - frame.highReference;
    return room > 0 ? frame.highReference + room * (1 - Math.exp(-(price - frame.highReference) / room)) : frame.highReference;
  }
  if (price < frame.lowReference) {
    const room = frame.lowReference - frame.low;
    return room > 0 ? frame.lowReference - room * (1 - Math.exp(-(frame.lowReference - price) / room)) : frame.lowReference;
  }
  return price;
}
