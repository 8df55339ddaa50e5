/**
 * What a replay reads from its source (the live API client), each answer kept by its window
 * (window-cache.ts): K-line windows of the past, the 1-minute bars of whole trading days (folded
 * locally into every forming bar) and adjustment factors. Nothing here knows the replay's
 * instant but to tell the cache which instant an answer must cover.
 */
import type { ApiClient } from '../../api/client';
import { fetchExFactors, fetchKlines, type KlinesParams } from '../../api/kline-endpoints';
import type { ExFactors, Kline } from '../../api/kline-schemas';
import { instrumentSchedule } from '../../lib/venue-schedule';
import { DEFAULT_LIMIT, MAX_LIMIT, type ProductType } from '#shared/contract.ts';
import { sessionCalendar, type SessionCalendar } from '#shared/replay/session-calendar.ts';
import type { VenueId } from '#shared/venue-sessions.ts';
import { createWindowCache } from './window-cache';

export interface Instrument {
  symbol: string;
  type?: ProductType | undefined;
}

export interface ReplaySourceOptions {
  api: ApiClient;
  /** The source's clock (the live data's): an answer is complete up to it. */
  sourceNow: () => number;
  /** The venue of an instrument its symbol and type do not name (an index); undefined: not replayable. */
  venueOf?: (instrument: Instrument) => VenueId | undefined;
}

export interface ReplaySource {
  /** A K-line window of the source as it answers it, kept. */
  klines(params: KlinesParams, at: number): Promise<Kline[]>;
  /** The raw 1-minute bars of trading day `day`, ascending, kept. */
  dayMinutes(instrument: Instrument, calendar: SessionCalendar, day: string, at: number): Promise<Kline[]>;
  /** Adjustment factors of `symbols` by symbol, every one the source knows, kept. */
  exFactors(symbols: readonly string[], at: number): Promise<ExFactors['data']>;
  /** The sessions that cut the instrument's bars; undefined when its venue is unknown. */
  calendarOf(instrument: Instrument): SessionCalendar | undefined;
  /** How many answers are kept. */
  kept(): number;
}

/** A window the source answered: every bar of its series from its oldest bar (or `startTime`, when short) to `endTime`. */
interface KeptWindow {
  startTime: number | undefined;
  endTime: number;
  limit: number;
  rows: Kline[];
  coversUntil: number;
}

/**
 * The answer of `params` cut from a kept window of the same series that holds every bar it asks
 * for (a tail, a previous close, a week's days inside a longer window); undefined when none does.
 */
function answerFrom(window: KeptWindow, params: KlinesParams, at: number): Kline[] | undefined {
  const { startTime, endTime, limit = DEFAULT_LIMIT } = params;
  if (endTime === undefined || endTime > window.endTime || at > window.coversUntil) return undefined;
  const from = startTime ?? Number.NEGATIVE_INFINITY;
  const full = window.rows.length >= window.limit;
  const heldFrom = full ? (window.rows[0]?.time ?? Number.POSITIVE_INFINITY) : (window.startTime ?? Number.NEGATIVE_INFINITY);
  const rows = window.rows.filter((row) => row.time >= from && row.time <= endTime);
  // Held whole from `from` on, or at least the newest `limit` of the window are there.
  return from >= heldFrom || rows.length >= limit ? rows.slice(-limit) : undefined;
}

function keyOf(parts: readonly unknown[]): string {
  return JSON.stringify(parts);
}

/** The venue whose sessions an instrument trades in, by its schedule (src/lib/venue-schedule.ts). */
export function scheduleVenue({ symbol, type }: Instrument): VenueId | undefined {
  const schedule = instrumentSchedule(symbol, type);
  if (!schedule) return undefined;
  if (schedule.kind === 'table') return schedule.market;
  return schedule.kind === 'venue' ? schedule.venue : 'CRYPTO';
}

export function createReplaySource({ api, sourceNow, venueOf }: ReplaySourceOptions): ReplaySource {
  const cache = createWindowCache(sourceNow);
  const calendars = new Map<VenueId, SessionCalendar>();

  const windows = new Map<string, KeptWindow[]>();

  function klines(params: KlinesParams, at: number): Promise<Kline[]> {
    const { symbol, type, interval, limit, startTime, endTime, adjust } = params;
    const series = keyOf([symbol, type, interval, adjust]);
    for (const window of windows.get(series) ?? []) {
      const rows = answerFrom(window, params, at);
      if (rows) return Promise.resolve(rows);
    }
    const coversUntil = sourceNow();
    return cache.get(keyOf(['kline', series, limit, startTime, endTime]), at, async () => {
      const rows = (await fetchKlines(api, params)).klines;
      if (endTime !== undefined)
        windows.set(series, [...(windows.get(series) ?? []), { startTime, endTime, limit: limit ?? DEFAULT_LIMIT, rows, coversUntil }]);
      return rows;
    });
  }

  /** Every 1-minute bar of [start, end]: pages of the newest MAX_LIMIT, older ones until a page falls short. */
  async function minutesOf(instrument: Instrument, start: number, end: number): Promise<Kline[]> {
    const pages: Kline[][] = [];
    for (let upper = end; ;) {
      const page = (
        await fetchKlines(api, {
          symbol: instrument.symbol,
          interval: '1m',
          limit: MAX_LIMIT,
          startTime: start,
          endTime: upper,
          ...(instrument.type && { type: instrument.type }),
        })
      ).klines;
      pages.unshift(page);
      const oldest = page[0];
      if (page.length < MAX_LIMIT || !oldest || oldest.time <= start) break;
      upper = oldest.time - 1;
    }
    return pages.flat();
  }

  return {
    klines,
    dayMinutes(instrument, calendar, day, at) {
      const pieces = calendar.piecesOf(day);
      const first = pieces[0];
      const last = pieces.at(-1);
      if (!first || !last) return Promise.resolve([]);
      return cache.get(keyOf(['minutes', instrument.symbol, instrument.type, day]), at, () => minutesOf(instrument, first.start, last.end - 1));
    },
    exFactors(symbols, at) {
      return cache.get(keyOf(['ex-factors', ...symbols]), at, () => fetchExFactors(api, { symbols }));
    },
    calendarOf(instrument) {
      const venue = venueOf?.(instrument) ?? scheduleVenue(instrument);
      if (venue === undefined) return undefined;
      let calendar = calendars.get(venue);
      if (!calendar) {
        calendar = sessionCalendar(venue);
        calendars.set(venue, calendar);
      }
      return calendar;
    },
    kept: () => cache.size(),
  };
}
