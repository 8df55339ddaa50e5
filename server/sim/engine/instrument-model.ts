/**
 * Everything the engine derives once per instrument: its seed, price path, tick rule, volume
 * quantum and the corporate-action segments that turn the smooth path into raw traded prices.
 */
import type { Instrument } from '../catalog/types.ts';
import { venueTimeZone } from '../calendar/venues.ts';
import { zonedTimeToUtc, parseYmd } from '#shared/time-zone.ts';
import { fnv1a } from '../catalog/hash.ts';
import { PricePath } from './price-path.ts';
import { priceRounder, type PriceRounder, type RoundDirection } from '../catalog/tick-size.ts';

/** One corporate action as the engine and the ex-factors endpoint see it. */
export interface ExEvent {
  timestamp: number; // local midnight of the ex-date, UTC ms
  ratio: number; // new shares per old (1 when no split)
  dividend: number; // cash per pre-event share (0 when none)
}

export interface InstrumentModel {
  instrument: Instrument;
  seed: number;
  path: PricePath;
  /** Smallest traded quantity: a lot for stocks, 0.0001 for crypto, 1 otherwise. */
  volumeQuantum: number;
  volumeDecimals: number;
  /** Volatility of one minute, as a fraction of price. */
  minuteVolatility: number;
  events: readonly ExEvent[];
  round: PriceRounder;
  /** raw = a[j] * smooth + b[j] while `j` events have taken effect (ascending by time). */
  segmentA: readonly number[];
  segmentB: readonly number[];
}

const DRIFT_BY_TYPE: Record<Instrument['type'], number> = {
  stock: 0.08,
  indices: 0.07,
  crypto: 0.35,
  forex: 0,
  futures: 0.03,
};

const models = new Map<Instrument, InstrumentModel>();

export function modelOf(instrument: Instrument): InstrumentModel {
  let model = models.get(instrument);
  if (!model) {
    model = buildModel(instrument);
    models.set(instrument, model);
  }
  return model;
}

function buildModel(instrument: Instrument): InstrumentModel {
  const seed = fnv1a(`${instrument.type}:${instrument.symbol}`);
  const isMetal = instrument.type === 'forex' && instrument.symbol.startsWith('X');
  const path = new PricePath({
    seed,
    basePrice: instrument.basePrice,
    annualVolatility: instrument.annualVolatility,
    annualDrift: isMetal ? 0.05 : DRIFT_BY_TYPE[instrument.type],
  });
  const crypto = instrument.type === 'crypto';
  const events = exEventsOf(instrument);
  const { segmentA, segmentB } = rawSegments(events);
  return {
    instrument,
    seed,
    path,
    volumeQuantum: crypto ? 0.0001 : instrument.type === 'stock' ? instrument.lotSize : 1,
    volumeDecimals: crypto ? 4 : 0,
    minuteVolatility: instrument.annualVolatility / Math.sqrt(525_960),
    events,
    round: priceRounder(instrument),
    segmentA,
    segmentB,
  };
}

function exEventsOf(instrument: Instrument): ExEvent[] {
  const timeZone = venueTimeZone(instrument.venue);
  return (instrument.corporateActions ?? []).map((action) => {
    const date = parseYmd(action.exDate);
    if (!date) throw new Error(`bad exDate ${action.exDate} for ${instrument.symbol}`);
    return {
      timestamp: zonedTimeToUtc(date.year, date.month, date.day, 0, 0, timeZone),
      ratio: action.split ?? 1,
      dividend: action.cashDividend ?? 0,
    };
  });
}

/**
 * The smooth path is the fully forward-adjusted price. Before an event the raw price is the
 * later one backward-adjusted: raw = smooth * ratio + dividend, events applied newest first.
 */
function rawSegments(events: readonly ExEvent[]): { segmentA: number[]; segmentB: number[] } {
  const segmentA = new Array<number>(events.length + 1);
  const segmentB = new Array<number>(events.length + 1);
  segmentA[events.length] = 1;
  segmentB[events.length] = 0;
  for (let j = events.length - 1; j >= 0; j--) {
    const event = events[j];
    if (!event) continue;
    segmentA[j] = (segmentA[j + 1] ?? 1) * event.ratio;
    segmentB[j] = (segmentB[j + 1] ?? 0) * event.ratio + event.dividend;
  }
  return { segmentA, segmentB };
}

/** Index of the raw-price segment in force at instant `ms` (events with timestamp <= ms count). */
export function segmentAt(model: InstrumentModel, ms: number): number {
  let j = 0;
  while (j < model.events.length && (model.events[j]?.timestamp ?? Infinity) <= ms) j++;
  return j;
}

/** Rounds a price to the instrument's tick; `direction` picks floor/ceil for lows and highs. */
export function roundPrice(model: InstrumentModel, price: number, direction: RoundDirection = 'nearest'): number {
  return model.round[direction](price);
}
