/** Types of the trading calendar shared with the price engine (no runtime code). */

export type { VenueId } from '#shared/venue-sessions.ts';

/** One continuous trading stretch. */
export interface SessionPiece {
  tradingDay: string; // YYYYMMDD of the trading day this piece belongs to
  start: number; // UTC ms, inclusive, minute-aligned
  end: number; // UTC ms, exclusive
  /**
   * UTC ms from which intraday buckets (5m, 15m, 1h, 4h…) are counted: the piece's own start for
   * exchange venues and FOREX; UTC midnight of the piece's calendar day for CRYPTO (which is also
   * its start, as CRYPTO pieces are whole UTC days).
   */
  anchor: number;
}

export interface TradingDay {
  day: string; // YYYYMMDD
  dayStart: number; // UTC ms of local midnight of `day` in the venue's time zone (daily K-line time)
  half: boolean; // half trading day (early close)
  pieces: SessionPiece[]; // regular sessions, ascending, non-overlapping
}
