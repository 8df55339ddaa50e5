/**
 * One-minute bars: the single source every other figure aggregates. A block covers consecutive
 * minutes inside one session piece; bar i opens at the path's price at its start boundary and
 * closes at its end boundary, so minutes chain without gaps inside a session.
 */
import { gauss, unit } from './hash.ts';
import { MINUTE_MS } from './price-path.ts';
import { roundPrice, segmentAt, type InstrumentModel } from './instrument-model.ts';

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
  model.path.fillPrices(fromMinute, count, boundaries);
  toRawPrices(model, fromMinute, boundaries);

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
  const { seed, minuteVolatility, volumeQuantum, instrument } = model;
  const isStockLike = instrument.type === 'stock' || instrument.type === 'futures';
  const pieceLength = Math.max(1, pieceEndMinute - pieceStartMinute);
  const baseQuanta = Math.max(4, instrument.minuteVolume / volumeQuantum);
  const isFutures = instrument.type === 'futures';

  for (let i = 0; i < count; i++) {
    const minute = fromMinute + i;
    const open = roundPrice(model, boundaries[i] ?? 0);
    const close = roundPrice(model, boundaries[i + 1] ?? 0);
    const mid = (open + close) / 2;
    const excursion = mid * minuteVolatility * 0.8;
    const high = roundPrice(model, Math.max(open, close) + Math.abs(gauss(seed, minute, STREAM_HIGH)) * excursion, 'up');
    let low = roundPrice(model, Math.min(open, close) - Math.abs(gauss(seed, minute, STREAM_LOW)) * excursion, 'down');
    if (low > Math.min(open, close)) low = Math.min(open, close);

    // Volume: a U-shaped session curve for exchange-traded instruments, more on big moves.
    const progress = (minute - pieceStartMinute + 0.5) / pieceLength;
    const curve = isStockLike ? 0.6 + 1.6 * Math.exp(-progress / 0.07) + 1.1 * Math.exp(-(1 - progress) / 0.09) : 1;
    const moveBoost = 1 + 1.5 * Math.min(4, Math.abs(close - open) / Math.max(1e-12, mid * minuteVolatility));
    const noise = Math.exp(0.45 * gauss(seed, minute, STREAM_VOLUME));
    const quanta = Math.max(4, Math.round(baseQuanta * curve * moveBoost * noise));
    const volume = quanta * volumeQuantum;

    block.open[i] = open;
    block.high[i] = high;
    block.low[i] = low;
    block.close[i] = close;
    block.quanta[i] = quanta;
    block.turnover[i] = Math.round(volume * ((open + high + low + close) / 4) * 100) / 100;
    if (isFutures) block.openInterest[i] = openInterestAt(model, minute + 1);
  }
  return block;
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
function toRawPrices(model: InstrumentModel, fromMinute: number, boundaries: Float64Array): void {
  if (model.events.length === 0) return;
  let segment = segmentAt(model, fromMinute * MINUTE_MS);
  for (let i = 0; i < boundaries.length; i++) {
    const ms = (fromMinute + i) * MINUTE_MS;
    while (segment < model.events.length && (model.events[segment]?.timestamp ?? Infinity) <= ms) segment++;
    boundaries[i] = (boundaries[i] ?? 0) * (model.segmentA[segment] ?? 1) + (model.segmentB[segment] ?? 0);
  }
}
