/**
 * Public entry of the trading calendar: every venue's time zone, trading days, session pieces and
 * the calendar endpoints' data. Types are in types.ts; venue session data in venue-specs.ts.
 */
import type { VenueId } from './types.ts';
import { VENUES } from './venue-specs.ts';

export type { SessionPiece, TradingDay, VenueId } from './types.ts';
export { VENUE_IDS } from './venue-specs.ts';
export { getTradingDay, isHalfDay, isTradingDay, tradeDays, tradingDayOf, tradingDaysBackward, tradingDaysForward } from './trading-days.ts';
export { tradingSessionsTable, usExtendedPieces, type TradingSessionEntry } from './sessions.ts';

/** IANA time zone of a venue. */
export function venueTimeZone(id: VenueId): string {
  return VENUES[id].timeZone;
}
