/**
 * Session descriptions beyond the regular pieces: the trading-session table of
 * GET /v1/market/trading-sessions (§2.10, §4.9) and the US extended-hours pieces.
 */
import { TRADE_SESSION, type SessionMarket } from '#shared/contract.ts';
import { MINUTE_MS } from './civil-day.ts';
import { getTradingDay } from './trading-days.ts';

export interface TradingSessionEntry {
  begin_time: number; // hhmm, local market time
  end_time: number; // hhmm, local market time
  trade_session?: number; // omitted on normal-trading entries
}

const TABLE: ReadonlyArray<{ market: SessionMarket; trading_sessions: readonly TradingSessionEntry[] }> = [
  {
    market: 'US',
    trading_sessions: [
      { begin_time: 400, end_time: 930, trade_session: TRADE_SESSION.PRE_MARKET },
      { begin_time: 930, end_time: 1600 },
      { begin_time: 1600, end_time: 2000, trade_session: TRADE_SESSION.AFTER_HOURS },
      { begin_time: 2000, end_time: 400, trade_session: TRADE_SESSION.OVERNIGHT },
    ],
  },
  {
    market: 'HK',
    trading_sessions: [
      { begin_time: 930, end_time: 1200 },
      { begin_time: 1300, end_time: 1600 },
    ],
  },
  {
    market: 'CN',
    trading_sessions: [
      { begin_time: 930, end_time: 1130 },
      { begin_time: 1300, end_time: 1500 },
    ],
  },
];

/** The `data` of GET /v1/market/trading-sessions for every market; a fresh copy on each call. */
export function tradingSessionsTable(): Array<{ market: SessionMarket; trading_sessions: TradingSessionEntry[] }> {
  return TABLE.map(({ market, trading_sessions }) => ({
    market,
    trading_sessions: trading_sessions.map((entry) => ({ ...entry })),
  }));
}

const at = (dayStart: number, hour: number, minute = 0): number => dayStart + (hour * 60 + minute) * MINUTE_MS;

/**
 * UTC ms ranges [start, end) of the US extended-hours sessions of a US trading day: pre-market
 * 04:00–09:30 and after-hours 16:00–20:00 ET. On a half day (13:00 close) after-hours runs
 * 13:00–17:00 instead. Undefined when `ymd` is not a US trading day.
 */
export function usExtendedPieces(ymd: string): { pre?: [number, number]; after?: [number, number] } | undefined {
  const day = getTradingDay('US', ymd);
  if (!day) return undefined;
  // dayStart is local midnight and no DST change happens on a trading day: local h:m is an offset.
  const pre: [number, number] = [at(day.dayStart, 4), at(day.dayStart, 9, 30)];
  const after: [number, number] = day.half ? [at(day.dayStart, 13), at(day.dayStart, 17)] : [at(day.dayStart, 16), at(day.dayStart, 20)];
  return { pre, after };
}
