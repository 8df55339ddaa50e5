/**
 * Which session schedule an instrument follows, and the schedules of the venues the
 * trading-sessions endpoint (§4.9, US/HK/CN stocks only) does not describe, built from the venues'
 * session times in shared/venue-sessions.ts (the simulator's own): China futures (day sessions,
 * and the night session held the evening before, on the SSE calendar) and forex (Sunday 22:00 to
 * Friday 22:00 UTC). Crypto trades around the clock.
 */
import type { ProductType, SessionMarket } from '#shared/contract.ts';
import { sessionMarketOf } from '#shared/symbols.ts';
import { addDaysYmd } from '#shared/time-zone.ts';
import { VENUES, type VenueId, type VenueSpec } from '#shared/venue-sessions.ts';
import type { SessionSchedule } from './market-status';
import type { DayKind } from './trade-days';
import { localInstant, type SessionInterval } from './trading-sessions';

export type InstrumentSchedule =
  /** A stock: its market's trading-session table and calendar. */
  | { kind: 'table'; market: SessionMarket }
  /** A venue's own session times; `calendar` names the market whose trade days it follows (none: weekdays). */
  | { kind: 'venue'; venue: VenueId; calendar?: SessionMarket }
  /** Around the clock, every day. */
  | { kind: 'always' };

/**
 * The schedule of a symbol as opened with its product type (the ticker tells the type of a bare
 * code); undefined when it cannot be known: indices follow their home exchange, which no answer names.
 */
export function instrumentSchedule(symbol: string, type: ProductType | undefined): InstrumentSchedule | undefined {
  const market = sessionMarketOf(symbol);
  switch (type ?? (market ? 'stock' : undefined)) {
    case 'stock':
      return market ? { kind: 'table', market } : undefined;
    case 'futures':
      return { kind: 'venue', venue: 'CN_FUTURES', calendar: 'CN' };
    case 'forex':
      return { kind: 'venue', venue: 'FOREX' };
    case 'crypto':
      return { kind: 'always' };
    default:
      return undefined;
  }
}

/**
 * The sessions of trading day `ymd` at a venue: its regular (or half-day) sessions, and a night
 * session on the evening of the previous trading day when that day is at most the venue's
 * `maxGapDays` before (Friday night belongs to Monday; no night session before a long holiday).
 */
export function venueSessionsOn(spec: VenueSpec, ymd: string, kind: 'full' | 'half', dayKind: (ymd: string) => DayKind): SessionInterval[] {
  const out: SessionInterval[] = [];
  const at = (day: string, minutes: number) => localInstant(day, minutes, spec.timeZone);
  if (spec.night) {
    for (let gap = 1; gap <= spec.night.maxGapDays; gap++) {
      const previous = addDaysYmd(ymd, -gap);
      if (dayKind(previous) === 'closed') continue;
      const [from, to] = spec.night.range;
      out.push({ start: at(previous, from), end: at(previous, to), phase: 'night', tradingDay: ymd, half: false });
      break;
    }
  }
  for (const [from, to] of kind === 'half' ? spec.half : spec.regular) {
    out.push({ start: at(ymd, from), end: at(ymd, to), phase: 'open', tradingDay: ymd, half: kind === 'half' });
  }
  return out;
}

export function venueSchedule(venue: VenueId): SessionSchedule {
  const spec = VENUES[venue];
  return { timeZone: spec.timeZone, sessionsOn: (ymd, kind, dayKind) => venueSessionsOn(spec, ymd, kind, dayKind) };
}
