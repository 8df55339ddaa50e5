/**
 * One-minute bars: the single source every figure but the daily frame aggregates. Minutes are
 * drawn block by block inside their piece's frame (piece-frame.ts): bar i opens at the path's
 * price at its start boundary and closes at its end boundary, so minutes chain without gaps
 * inside a session; the block edges are the frame's samples, no minute passes the frame's high or
 * low, the frame's high and low minutes touch them, and the block's volume and turnover are
 * shared out among its minutes exactly.
 */
import { gauss, unit } from './hash.ts';
import { foldWholeBar, type Candle } from './candle.ts';
import type { InstrumentModel } from './instrument-model.ts';
import { BLOCK_MINUTES, MINIMUM_QUANTA, blockLength, framedPrice, pieceFrameOf, shareOut, type PieceFrame } from './piece-frame.ts';
import { toRawPrices } from './raw-prices.ts';

export interface MinuteBlock {
  firstMinute: number; // epoch minute of bar 0
  count: number;
  open: Float64Array;
  high: Float64Array;
  low: Float64Array;
  close: Float64Array;
  /** Traded quantity in quanta of the instrument (integer). */
  quanta: Float64Array;
  /** Traded value, in cents ÷ 100. */
  turnover: Float64Array;
  /** Open interest at the bar's close (futures only, else zeros). */
  openInterest: Float64Array;
}

const STREAM_HIGH = 1_000;
const STREAM_LOW = 1_001;
const STREAM_VOLUME = 1_002;
const STREAM_OPEN_INTEREST = 1_003;

/** One block's bars and the inputs they are drawn from, in arrays reused from call to call (calls never nest). */
const drawn = {
  boundaries: new Float64Array(BLOCK_MINUTES + 1),
  highDraw: new Float64Array(BLOCK_MINUTES),
  lowDraw: new Float64Array(BLOCK_MINUTES),
  volumeNoise: new Float64Array(BLOCK_MINUTES),
  weights: new Float64Array(BLOCK_MINUTES),
  shares: new Float64Array(BLOCK_MINUTES),
  open: new Float64Array(BLOCK_MINUTES),
  high: new Float64Array(BLOCK_MINUTES),
  low: new Float64Array(BLOCK_MINUTES),
  close: new Float64Array(BLOCK_MINUTES),
  quanta: new Float64Array(BLOCK_MINUTES),
  turnover: new Float64Array(BLOCK_MINUTES),
};

/** Draws the bars of block `block` of the frame into `drawn`; returns how many minutes it has. */
function drawBlock(model: InstrumentModel, frame: PieceFrame, block: number): number {
  const length = blockLength(frame.count, block);
  const from = frame.firstMinute + block * BLOCK_MINUTES;
  const { boundaries, highDraw, lowDraw, volumeNoise, weights, shares, open, high, low, close, quanta, turnover } = drawn;
  const { seed, round, minuteVolatility } = model;

  model.path.fillPrices(from, length, boundaries);
  toRawPrices(model, from, length + 1, boundaries);
  boundaries[0] = frame.edges[block] ?? 0;
  boundaries[length] = frame.edges[block + 1] ?? 0;
  for (let i = 0; i <= length; i++) boundaries[i] = round.nearest(framedPrice(frame, boundaries[i] ?? 0));
  for (let i = 0; i < length; i++) highDraw[i] = Math.abs(gauss(seed, from + i, STREAM_HIGH));
  for (let i = 0; i < length; i++) lowDraw[i] = Math.abs(gauss(seed, from + i, STREAM_LOW));
  for (let i = 0; i < length; i++) volumeNoise[i] = Math.exp(0.45 * gauss(seed, from + i, STREAM_VOLUME));

  for (let i = 0; i < length; i++) {
    const minute = from + i;
    const o = boundaries[i] ?? 0;
    const c = boundaries[i + 1] ?? 0;
    const mid = (o + c) / 2;
    const excursion = mid * minuteVolatility * 0.8;
    // Wicks ease toward the frame's extremes as the path does (clamping alone would line highs
    // up at the frame's high, a flat ceiling no market draws).
    let h = Math.min(frame.high, round.up(framedPrice(frame, Math.max(o, c) + (highDraw[i] ?? 0) * excursion)));
    let l = Math.max(frame.low, round.down(framedPrice(frame, Math.min(o, c) - (lowDraw[i] ?? 0) * excursion)));
    if (h < Math.max(o, c)) h = Math.max(o, c);
    if (l > Math.min(o, c)) l = Math.min(o, c);
    if (minute === frame.highMinute) h = frame.high;
    if (minute === frame.lowMinute) l = frame.low;
    open[i] = o;
    high[i] = h;
    low[i] = l;
    close[i] = c;
    // Volume: the session curve, more on big moves, log-normal noise.
    const shape = frame.curve?.[minute - frame.firstMinute] ?? 1;
    const moveBoost = 1 + 1.5 * Math.min(4, Math.abs(c - o) / Math.max(1e-12, mid * minuteVolatility));
    weights[i] = shape * moveBoost * (volumeNoise[i] ?? 1);
  }
  shareOut(frame.blockExtraQuanta[block] ?? 0, weights, length, shares);
  for (let i = 0; i < length; i++) {
    quanta[i] = (shares[i] ?? 0) + MINIMUM_QUANTA;
    weights[i] = (quanta[i] ?? 0) * (((open[i] ?? 0) + (high[i] ?? 0) + (low[i] ?? 0) + (close[i] ?? 0)) / 4);
  }
  shareOut(frame.blockTurnoverCents[block] ?? 0, weights, length, shares);
  for (let i = 0; i < length; i++) turnover[i] = (shares[i] ?? 0) / 100;
  return length;
}

/**
 * Calls `each(i, minute)` with `drawn` holding minute's block, for every minute of
 * [fromMinute, toMinute) (inside the piece), block by block in time order.
 */
function forEachMinute(model: InstrumentModel, frame: PieceFrame, fromMinute: number, toMinute: number, each: (i: number, minute: number) => void): void {
  const start = Math.max(fromMinute, frame.firstMinute);
  const stop = Math.min(toMinute, frame.firstMinute + frame.count);
  for (let block = Math.floor((start - frame.firstMinute) / BLOCK_MINUTES); block * BLOCK_MINUTES + frame.firstMinute < stop; block++) {
    const blockFirst = frame.firstMinute + block * BLOCK_MINUTES;
    const length = drawBlock(model, frame, block);
    for (let minute = Math.max(start, blockFirst); minute < Math.min(stop, blockFirst + length); minute++) each(minute - blockFirst, minute);
  }
}

/**
 * Bars for minutes [fromMinute, toMinute) of a piece spanning [pieceStartMinute, pieceEndMinute):
 * the piece frames the bars and shapes the intraday volume curve.
 */
export function computeMinuteBlock(
  model: InstrumentModel,
  fromMinute: number,
  toMinute: number,
  pieceStartMinute: number,
  pieceEndMinute: number,
): MinuteBlock {
  const count = Math.max(0, toMinute - fromMinute);
  const block: MinuteBlock = {
    firstMinute: fromMinute,
    count,
    open: new Float64Array(count),
    high: new Float64Array(count),
    low: new Float64Array(count),
    close: new Float64Array(count),
    quanta: new Float64Array(count),
    turnover: new Float64Array(count),
    openInterest: new Float64Array(count),
  };
  if (count === 0) return block;
  const frame = pieceFrameOf(model, pieceStartMinute, pieceEndMinute);
  const isFutures = model.instrument.type === 'futures';
  forEachMinute(model, frame, fromMinute, toMinute, (i, minute) => {
    const j = minute - fromMinute;
    block.open[j] = drawn.open[i] ?? 0;
    block.high[j] = drawn.high[i] ?? 0;
    block.low[j] = drawn.low[i] ?? 0;
    block.close[j] = drawn.close[i] ?? 0;
    block.quanta[j] = drawn.quanta[i] ?? 0;
    block.turnover[j] = drawn.turnover[i] ?? 0;
    if (isFutures) block.openInterest[j] = openInterestAt(model, minute + 1);
  });
  return block;
}

/**
 * Folds the bars of minutes [fromMinute, toMinute) into `candle`, exactly as folding their
 * `computeMinuteBlock` would, without allocating the block. Open interest is the last bar's, so
 * only that one is computed.
 */
export function foldMinutes(
  candle: Candle,
  model: InstrumentModel,
  fromMinute: number,
  toMinute: number,
  pieceStartMinute: number,
  pieceEndMinute: number,
): void {
  if (toMinute <= fromMinute) return;
  const frame = pieceFrameOf(model, pieceStartMinute, pieceEndMinute);
  forEachMinute(model, frame, fromMinute, toMinute, (i) => {
    foldWholeBar(candle, drawn.open[i] ?? 0, drawn.high[i] ?? 0, drawn.low[i] ?? 0, drawn.close[i] ?? 0, drawn.quanta[i] ?? 0, drawn.turnover[i] ?? 0, 0);
  });
  if (model.instrument.type === 'futures') candle.openInterest = openInterestAt(model, toMinute);
}

/** Open interest at a minute boundary: a slow, positive walk around a level set by volume. */
export function openInterestAt(model: InstrumentModel, minute: number): number {
  const level = model.instrument.minuteVolume * 2_500;
  const slow = Math.floor(minute / 240);
  const fraction = (minute - slow * 240) / 240;
  const left = gauss(model.seed, slow, STREAM_OPEN_INTEREST);
  const right = gauss(model.seed, slow + 1, STREAM_OPEN_INTEREST);
  const wiggle = unit(model.seed, minute, STREAM_OPEN_INTEREST) - 0.5;
  return Math.max(1, Math.round(level * Math.exp(0.12 * (left + (right - left) * fraction)) + wiggle * level * 0.0005));
}
