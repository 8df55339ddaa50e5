/**
 * An unseen symbol's first daily page, as the app asks for it (1,000 bars ending before the
 * current day), comes from the direct day path; over HTTP it is the minute fold: each day of the
 * last year equals that day's 1m K-lines folded, bar for bar, to the last digit.
 */
import { describe, expect, it } from 'vitest';
import { newestPageEnd } from '#shared/kline-window-policy.ts';
import { tradingDaysBackward, tradingDaysForward, venueTimeZone, type VenueId } from '../calendar/venues.ts';
import { lookupSymbol } from '../catalog/lookup.ts';
import { frozenSimulator, klines } from '../test-support.ts';
import { foldKlines } from './kline-fold.ts';

const NOW = '2026-11-25T20:00:00Z';
const sim = frozenSimulator(NOW);

function firstListedDay(venue: VenueId, listedSince: string): number | undefined {
  for (const day of tradingDaysForward(venue, listedSince)) return day.dayStart;
  return undefined;
}

describe.each(['3690.HK', 'CU2612'])('the first daily page of %s, never asked for before', (symbol) => {
  const found = lookupSymbol(symbol);
  if (found.kind !== 'found') throw new Error(`${symbol}: ${found.kind}`);
  const { venue, listedSince } = found.instrument;
  const endTime = newestPageEnd('1d', Date.parse(NOW), venueTimeZone(venue));

  it('is the minute fold of every day of the last year', async () => {
    const page = await klines(sim, `symbol=${symbol}&interval=1d&limit=1000&end_time=${String(endTime)}`);
    // 3690.HK has years of history: a full page. CU2612 was listed a year ago: all of it.
    if (symbol.endsWith('.HK')) expect(page).toHaveLength(1_000);
    else expect(page[0]?.time).toBe(firstListedDay(venue, listedSince));
    const byTime = new Map(page.map((bar) => [bar.time, bar]));
    let days = 0;
    for (const day of tradingDaysBackward(venue, '20261124')) {
      if (day.day <= '20251124' || day.day < listedSince) break;
      const first = day.pieces[0];
      const last = day.pieces[day.pieces.length - 1];
      if (!first || !last) continue;
      const minutes = await klines(sim, `symbol=${symbol}&interval=1m&limit=1000&start_time=${String(first.start)}&end_time=${String(last.end - 1)}`);
      const bar = byTime.get(day.dayStart);
      expect(bar, day.day).toBeDefined();
      const { time: _time, ...fields } = bar ?? { time: 0 };
      expect(fields, day.day).toEqual(foldKlines(minutes));
      days++;
    }
    expect(days).toBeGreaterThan(200);
  });
});
