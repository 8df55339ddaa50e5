/**
 * Which calendar days each venue is closed or closes early. Published lists (holidays.ts) win for
 * the years they cover; other years use NYSE rules (us-holiday-rules.ts) or the fixed-date
 * approximations below. Weekends are closed everywhere but CRYPTO.
 */
import { civilDay, isWeekend } from './civil-day.ts';
import { HKEX_PUBLISHED, NYSE_PUBLISHED, SSE_PUBLISHED, type PublishedYear } from './holidays.ts';
import { usMarketHolidays } from './us-holiday-rules.ts';
import type { VenueId } from './types.ts';

export type DayKind = 'closed' | 'full' | 'half';

interface YearClosures {
  closed: ReadonlySet<string>;
  half: ReadonlySet<string>;
}

/** `YYYYMMDD`s of `year` from `MMDD`s. */
function fixedDates(year: number, mmdds: readonly string[]): string[] {
  return mmdds.map((mmdd) => `${year}${mmdd}`);
}

/**
 * HKEX outside the published years — an APPROXIMATION: only the fixed-date holidays (no lunar
 * holidays, Easter or substitute days); half days on 24 and 31 December.
 */
function hkexApproximation(year: number): PublishedYear {
  return {
    closed: fixedDates(year, ['0101', '0501', '0701', '1001', '1225', '1226']),
    half: fixedDates(year, ['1224', '1231']),
  };
}

/**
 * SSE/SZSE outside the published years — an APPROXIMATION: 1 January, 1 May, 1–3 October only
 * (the real Spring Festival, Qingming, Dragon Boat and Mid-Autumn closures move every year).
 */
function sseApproximation(year: number): PublishedYear {
  return { closed: fixedDates(year, ['0101', '0501', '1001', '1002', '1003']), half: [] };
}

const NONE: PublishedYear = { closed: [], half: [] };

/** Closures of a venue in a year, before the weekend rule. */
function closuresByYear(venue: VenueId, year: number): PublishedYear {
  switch (venue) {
    case 'US':
      return NYSE_PUBLISHED[year] ?? usMarketHolidays(year);
    case 'HK':
      return HKEX_PUBLISHED[year] ?? hkexApproximation(year);
    case 'CN':
    case 'CN_FUTURES':
      return SSE_PUBLISHED[year] ?? sseApproximation(year);
    case 'CRYPTO':
      return NONE;
    case 'FOREX':
      // The interbank market pauses on 25 December and 1 January.
      return { closed: fixedDates(year, ['0101', '1225']), half: [] };
    case 'JP':
      // Tokyo Stock Exchange APPROXIMATION: year-end holidays only (no national holidays).
      return { closed: fixedDates(year, ['0101', '0102', '0103', '1231']), half: [] };
    case 'UK':
      // London Stock Exchange APPROXIMATION: Christmas, Boxing Day, New Year's Day on their dates
      // (no bank holidays, no substitute days, no early closes).
      return { closed: fixedDates(year, ['0101', '1225', '1226']), half: [] };
    case 'EU':
      // Xetra APPROXIMATION: 24–26 and 31 December, 1 January (no Easter, no 1 May).
      return { closed: fixedDates(year, ['0101', '1224', '1225', '1226', '1231']), half: [] };
  }
}

const cache = new Map<string, YearClosures>();

function yearClosures(venue: VenueId, year: number): YearClosures {
  const key = `${venue}:${year}`;
  let entry = cache.get(key);
  if (!entry) {
    const published = closuresByYear(venue, year);
    entry = { closed: new Set(published.closed), half: new Set(published.half) };
    cache.set(key, entry);
  }
  return entry;
}

/** Whether `ymd` is closed, a full or a half trading day at `venue`. Invalid dates are closed. */
export function dayKind(venue: VenueId, ymd: string): DayKind {
  const day = civilDay(ymd);
  if (!day) return 'closed';
  if (venue !== 'CRYPTO' && isWeekend(day.weekday)) return 'closed';
  const closures = yearClosures(venue, day.year);
  if (closures.closed.has(ymd)) return 'closed';
  return closures.half.has(ymd) ? 'half' : 'full';
}
