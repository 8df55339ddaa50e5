/**
 * One-minute bars: the single source every other figure aggregates. A block covers consecutive
 * minutes inside one session piece; bar i opens at the path's price at its start boundary and
 * closes at its end boundary, so minutes chain without gaps inside a session.
 */
import { gauss, unit } from './hash.ts';
import { MINUTE_MS } from './price-path.ts';
import { foldBar, type Candle } from './candle.ts';
import { segmentAt, type InstrumentModel } from './instrument-model.ts';

export interface MinuteBlock {
  firstMinute: number; // epoch minute of bar 0
  count: number;
  open: Float64Array;
  high: Float64Array;
  low: Float64Array;
  close: Float64Array;
  /** Traded quantity in quanta of the instrument (integer). */
  quanta: Float64Array;
  /** Traded value, rounded to cents. */
  turnover: Float64Array;
  /** Open interest at the bar's close (futures only, else zeros). */
  openInterest: Float64Array;
}

const STREAM_HIGH = 1_000;
const STREAM_LOW = 1_001;
const STREAM_VOLUME = 1_002;
const STREAM_OPEN_INTEREST = 1_003;

/** One minute's bar but its open interest: written in place, so no loop allocates per minute. */
interface Bar {
  open: number;
  high: number;
  low: number;
  close: number;
  quanta: number;
  turnover: number;
}

/** What every minute of one call shares: the instrument's constants and the piece's volume curve. */
interface MinuteContext {
  model: InstrumentModel;
  pieceStartMinute: number;
  pieceLength: number;
  /** Volume-curve factors by minute of the piece; undefined when volume is flat (24-hour markets). */
  curve: Float64Array | undefined;
  baseQuanta: number;
}

function minuteContext(model: InstrumentModel, pieceStartMinute: number, pieceEndMinute: number): MinuteContext {
  const { type } = model.instrument;
  const isStockLike = type === 'stock' || type === 'futures';
  const pieceLength = Math.max(1, pieceEndMinute - pieceStartMinute);
  return {
    model,
    pieceStartMinute,
    pieceLength,
    curve: isStockLike ? volumeCurve(pieceLength) : undefined,
    baseQuanta: Math.max(4, model.instrument.minuteVolume / model.volumeQuantum),
  };
}

const curves = new Map<number, Float64Array>();
/** Distinct piece lengths are a few dozen across all venues; the bound only guards against misuse. */
const MAX_CURVES = 512;

/**
 * The U-shaped session curve of exchange-traded volume, minute by minute, for a piece of
 * `pieceLength` minutes: it depends on nothing else, so each length is computed once.
 */
function volumeCurve(pieceLength: number): Float64Array {
  let curve = curves.get(pieceLength);
  if (!curve) {
    curve = new Float64Array(pieceLength);
    for (let j = 0; j < pieceLength; j++) curve[j] = sessionCurve((j + 0.5) / pieceLength);
    if (curves.size >= MAX_CURVES) curves.clear();
    curves.set(pieceLength, curve);
  }
  return curve;
}

/** The volume curve at `progress` through the piece (0 at its start, 1 at its end). */
function sessionCurve(progress: number): number {
  return 0.6 + 1.6 * Math.exp(-progress / 0.07) + 1.1 * Math.exp(-(1 - progress) / 0.09);
}

/** The volume curve's factor for `minute` (a minute outside the piece gets the curve's formula). */
function volumeShape(context: MinuteContext, minute: number): number {
  if (!context.curve) return 1;
  const j = minute - context.pieceStartMinute;
  return context.curve[j] ?? sessionCurve((j + 0.5) / context.pieceLength);
}

/**
 * Bar of `minute` opening at `open` and closing at `close` (tick prices), into `bar`: the one
 * place the minute arithmetic lives, for the blocks and the folds alike.
 */
function minuteBar(context: MinuteContext, minute: number, open: number, close: number, bar: Bar): void {
  const { model } = context;
  const { seed, minuteVolatility, volumeQuantum } = model;
  const mid = (open + close) / 2;
  const excursion = mid * minuteVolatility * 0.8;
  const high = model.round.up(Math.max(open, close) + Math.abs(gauss(seed, minute, STREAM_HIGH)) * excursion);
  let low = model.round.down(Math.min(open, close) - Math.abs(gauss(seed, minute, STREAM_LOW)) * excursion);
  if (low > Math.min(open, close)) low = Math.min(open, close);

  // Volume: a U-shaped session curve for exchange-traded instruments, more on big moves.
  const shape = volumeShape(context, minute);
  const moveBoost = 1 + 1.5 * Math.min(4, Math.abs(close - open) / Math.max(1e-12, mid * minuteVolatility));
  const noise = Math.exp(0.45 * gauss(seed, minute, STREAM_VOLUME));
  const quanta = Math.max(4, Math.round(context.baseQuanta * shape * moveBoost * noise));
  const volume = quanta * volumeQuantum;

  bar.open = open;
  bar.high = high;
  bar.low = low;
  bar.close = close;
  bar.quanta = quanta;
  bar.turnover = Math.round(volume * ((open + high + low + close) / 4) * 100) / 100;
}

/** Tick prices at the `count + 1` boundaries from `fromMinute`: bar i opens at [i] and closes at [i + 1]. */
function tickBoundaries(model: InstrumentModel, fromMinute: number, count: number, out: Float64Array): void {
  model.path.fillPrices(fromMinute, count, out);
  toRawPrices(model, fromMinute, count + 1, out);
  for (let i = 0; i <= count; i++) out[i] = model.round.nearest(out[i] ?? 0);
}

const bar: Bar = { open: 0, high: 0, low: 0, close: 0, quanta: 0, turnover: 0 };

/**
 * Bars for minutes [fromMinute, toMinute) of a piece spanning [pieceStartMinute, pieceEndMinute):
 * the piece bounds shape the intraday volume curve.
 */
export function computeMinuteBlock(
  model: InstrumentModel,
  fromMinute: number,
  toMinute: number,
  pieceStartMinute: number,
  pieceEndMinute: number,
): MinuteBlock {
  const count = Math.max(0, toMinute - fromMinute);
  const boundaries = new Float64Array(count + 1);
  tickBoundaries(model, fromMinute, count, boundaries);
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
  const context = minuteContext(model, pieceStartMinute, pieceEndMinute);
  const isFutures = model.instrument.type === 'futures';
  for (let i = 0; i < count; i++) {
    const minute = fromMinute + i;
    minuteBar(context, minute, boundaries[i] ?? 0, boundaries[i + 1] ?? 0, bar);
    block.open[i] = bar.open;
    block.high[i] = bar.high;
    block.low[i] = bar.low;
    block.close[i] = bar.close;
    block.quanta[i] = bar.quanta;
    block.turnover[i] = bar.turnover;
    if (isFutures) block.openInterest[i] = openInterestAt(model, minute + 1);
  }
  return block;
}

let scratch = new Float64Array(1_441);

/**
 * Folds the bars of minutes [fromMinute, toMinute) into `candle`, exactly as folding their
 * `computeMinuteBlock` would (the same arithmetic, bar by bar, in time order) without allocating
 * the block: daily candles over years of history cost their minutes' arithmetic and nothing
 * more. Open interest is the last bar's, so only that one is computed.
 */
export function foldMinutes(
  candle: Candle,
  model: InstrumentModel,
  fromMinute: number,
  toMinute: number,
  pieceStartMinute: number,
  pieceEndMinute: number,
): void {
  const count = Math.max(0, toMinute - fromMinute);
  if (count === 0) return;
  if (scratch.length < count + 1) scratch = new Float64Array(count + 1);
  const boundaries = scratch;
  tickBoundaries(model, fromMinute, count, boundaries);
  const context = minuteContext(model, pieceStartMinute, pieceEndMinute);
  for (let i = 0; i < count; i++) {
    minuteBar(context, fromMinute + i, boundaries[i] ?? 0, boundaries[i + 1] ?? 0, bar);
    foldBar(candle, bar.open, bar.high, bar.low, bar.close, bar.quanta, bar.turnover, 0);
  }
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

/** Converts smooth boundary prices to raw traded prices through the corporate-action segments. */
function toRawPrices(model: InstrumentModel, fromMinute: number, length: number, boundaries: Float64Array): void {
  if (model.events.length === 0) return;
  let segment = segmentAt(model, fromMinute * MINUTE_MS);
  for (let i = 0; i < length; i++) {
    const ms = (fromMinute + i) * MINUTE_MS;
    while (segment < model.events.length && (model.events[segment]?.timestamp ?? Infinity) <= ms) segment++;
    boundaries[i] = (boundaries[i] ?? 0) * (model.segmentA[segment] ?? 1) + (model.segmentB[segment] ?? 0);
  }
}
