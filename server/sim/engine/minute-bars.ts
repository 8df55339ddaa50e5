/**
 * One-minute bars: the single source every other figure aggregates. A block covers consecutive
 * minutes inside one session piece; bar i opens at the path's price at its start boundary and
 * closes at its end boundary, so minutes chain without gaps inside a session.
 */
import { gauss, unit } from './hash.ts';
import { MINUTE_MS } from './price-path.ts';
import { foldBar, type Candle } from './candle.ts';
import { segmentAt, type InstrumentModel } from './instrument-model.ts';
import { sessionCurve, volumeCurve } from './volume-curve.ts';

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
type Bar = Pick<Candle, 'open' | 'high' | 'low' | 'close' | 'quanta' | 'turnover'>;

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

/**
 * The per-minute inputs of minutes [from, from + count): tick prices at their boundaries (bar i
 * opens at boundaries[i] and closes at boundaries[i + 1]) and their random draws. Filled stream
 * by stream in tight loops, which run faster than drawing minute by minute (measured ~10%), into
 * arrays reused from call to call (calls never nest).
 */
const inputs = {
  boundaries: new Float64Array(1_442),
  /** |gauss| of the high's excursion above the body, and of the low's below it. */
  highDraw: new Float64Array(1_441),
  lowDraw: new Float64Array(1_441),
  /** Log-normal volume noise. */
  volumeNoise: new Float64Array(1_441),
};

function prepareInputs(model: InstrumentModel, fromMinute: number, count: number): void {
  if (inputs.highDraw.length < count) {
    inputs.boundaries = new Float64Array(count + 1);
    inputs.highDraw = new Float64Array(count);
    inputs.lowDraw = new Float64Array(count);
    inputs.volumeNoise = new Float64Array(count);
  }
  const { boundaries, highDraw, lowDraw, volumeNoise } = inputs;
  model.path.fillPrices(fromMinute, count, boundaries);
  toRawPrices(model, fromMinute, count + 1, boundaries);
  for (let i = 0; i <= count; i++) boundaries[i] = model.round.nearest(boundaries[i] ?? 0);
  const { seed } = model;
  for (let i = 0; i < count; i++) highDraw[i] = Math.abs(gauss(seed, fromMinute + i, STREAM_HIGH));
  for (let i = 0; i < count; i++) lowDraw[i] = Math.abs(gauss(seed, fromMinute + i, STREAM_LOW));
  for (let i = 0; i < count; i++) volumeNoise[i] = Math.exp(0.45 * gauss(seed, fromMinute + i, STREAM_VOLUME));
}

/** The volume curve's factor for `minute` (a minute outside the piece gets the curve's formula). */
function volumeShape(context: MinuteContext, minute: number): number {
  if (!context.curve) return 1;
  const j = minute - context.pieceStartMinute;
  return context.curve[j] ?? sessionCurve((j + 0.5) / context.pieceLength);
}

/**
 * Bar i of the prepared inputs (minute `minute`) into `bar`: the one place the minute arithmetic
 * lives, for the blocks and the folds alike.
 */
function minuteBar(context: MinuteContext, i: number, minute: number, bar: Bar): void {
  const { minuteVolatility, volumeQuantum, round } = context.model;
  const open = inputs.boundaries[i] ?? 0;
  const close = inputs.boundaries[i + 1] ?? 0;
  const mid = (open + close) / 2;
  const excursion = mid * minuteVolatility * 0.8;
  const high = round.up(Math.max(open, close) + (inputs.highDraw[i] ?? 0) * excursion);
  let low = round.down(Math.min(open, close) - (inputs.lowDraw[i] ?? 0) * excursion);
  if (low > Math.min(open, close)) low = Math.min(open, close);

  // Volume: a U-shaped session curve for exchange-traded instruments, more on big moves.
  const shape = volumeShape(context, minute);
  const moveBoost = 1 + 1.5 * Math.min(4, Math.abs(close - open) / Math.max(1e-12, mid * minuteVolatility));
  const quanta = Math.max(4, Math.round(context.baseQuanta * shape * moveBoost * (inputs.volumeNoise[i] ?? 1)));
  const volume = quanta * volumeQuantum;

  bar.open = open;
  bar.high = high;
  bar.low = low;
  bar.close = close;
  bar.quanta = quanta;
  bar.turnover = Math.round(volume * ((open + high + low + close) / 4) * 100) / 100;
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
  prepareInputs(model, fromMinute, count);
  const context = minuteContext(model, pieceStartMinute, pieceEndMinute);
  const isFutures = model.instrument.type === 'futures';
  for (let i = 0; i < count; i++) {
    const minute = fromMinute + i;
    minuteBar(context, i, minute, bar);
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
  prepareInputs(model, fromMinute, count);
  const context = minuteContext(model, pieceStartMinute, pieceEndMinute);
  for (let i = 0; i < count; i++) {
    minuteBar(context, i, fromMinute + i, bar);
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
