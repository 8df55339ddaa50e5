/**
 * Trading venues: time zone and regular session times in local minutes after midnight. The
 * simulator builds its trading days from these (server/sim/calendar/: closures.ts, trading-days.ts),
 * and the dashboard its session state of the instruments the trading-sessions endpoint does not
 * describe (China futures with their night session, forex, crypto: src/lib/venue-schedule.ts).
 *
 * JP, UK and EU are approximations (no half days, fixed-date closures only, no national holidays
 * beyond those listed in the simulator's closures.ts); US, HK and CN follow the published
 * exchange calendars.
 */
export type VenueId = 'US' | 'HK' | 'CN' | 'CN_FUTURES' | 'CRYPTO' | 'FOREX' | 'JP' | 'UK' | 'EU';

export const VENUE_IDS: readonly VenueId[] = ['US', 'HK', 'CN', 'CN_FUTURES', 'CRYPTO', 'FOREX', 'JP', 'UK', 'EU'];

/** [start, end) in minutes after local midnight of the trading day (may be negative: FOREX). */
export type MinuteRange = readonly [number, number];

export interface VenueSpec {
  timeZone: string;
  /** Regular sessions of a full trading day, ascending. */
  regular: readonly MinuteRange[];
  /** Sessions of a half trading day (early close); venues without half days reuse `regular`. */
  half: readonly MinuteRange[];
  /**
   * A night session held on the evening of the previous trading day P (minutes after P's local
   * midnight) and belonging to the next trading day D — held only when D is at most
   * `maxGapDays` calendar days after P. Instants from its start on belong to the next trading day.
   */
  night?: { range: MinuteRange; maxGapDays: number };
}

const h = (hour: number, minute = 0): number => hour * 60 + minute;

export const VENUES: Readonly<Record<VenueId, VenueSpec>> = {
  // NYSE: 09:30–16:00; early close 13:00.
  US: { timeZone: 'America/New_York', regular: [[h(9, 30), h(16)]], half: [[h(9, 30), h(13)]] },
  // HKEX: 09:30–12:00, 13:00–16:00; half days morning only.
  HK: {
    timeZone: 'Asia/Hong_Kong',
    regular: [
      [h(9, 30), h(12)],
      [h(13), h(16)],
    ],
    half: [[h(9, 30), h(12)]],
  },
  // SSE/SZSE/BSE: 09:30–11:30, 13:00–15:00; no half days.
  CN: {
    timeZone: 'Asia/Shanghai',
    regular: [
      [h(9, 30), h(11, 30)],
      [h(13), h(15)],
    ],
    half: [
      [h(9, 30), h(11, 30)],
      [h(13), h(15)],
    ],
  },
  // China commodity futures (SHFE/DCE/ZCE style): day sessions plus a 21:00–23:00 night session;
  // no night session before a long holiday (Friday night still belongs to Monday).
  CN_FUTURES: {
    timeZone: 'Asia/Shanghai',
    regular: [
      [h(9), h(10, 15)],
      [h(10, 30), h(11, 30)],
      [h(13, 30), h(15)],
    ],
    half: [
      [h(9), h(10, 15)],
      [h(10, 30), h(11, 30)],
      [h(13, 30), h(15)],
    ],
    night: { range: [h(21), h(23)], maxGapDays: 3 },
  },
  // Round the clock, every day, one piece per UTC day.
  CRYPTO: { timeZone: 'UTC', regular: [[0, h(24)]], half: [[0, h(24)]] },
  // Trading day D runs from 22:00 UTC of the day before to 22:00 UTC of D.
  FOREX: { timeZone: 'UTC', regular: [[-h(2), h(22)]], half: [[-h(2), h(22)]] },
  // Tokyo Stock Exchange (approximation): 09:00–11:30, 12:30–15:30.
  JP: {
    timeZone: 'Asia/Tokyo',
    regular: [
      [h(9), h(11, 30)],
      [h(12, 30), h(15, 30)],
    ],
    half: [
      [h(9), h(11, 30)],
      [h(12, 30), h(15, 30)],
    ],
  },
  // London Stock Exchange (approximation): 08:00–16:30.
  UK: { timeZone: 'Europe/London', regular: [[h(8), h(16, 30)]], half: [[h(8), h(16, 30)]] },
  // Xetra (approximation): 09:00–17:30.
  EU: { timeZone: 'Europe/Berlin', regular: [[h(9), h(17, 30)]], half: [[h(9), h(17, 30)]] },
};
