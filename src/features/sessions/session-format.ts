/** How the sessions panel names and formats what `trading-sessions` returns (§2.10). */
import { TRADE_SESSION, type SessionMarket } from '#shared/contract.ts';
import type { TradingSession } from '../../api/reference-schemas';
import { marketTimeZone } from '#shared/symbols.ts';

const KIND_LABELS: Readonly<Record<number, string>> = {
  [TRADE_SESSION.NORMAL]: 'Regular',
  [TRADE_SESSION.PRE_MARKET]: 'Pre-market',
  [TRADE_SESSION.AFTER_HOURS]: 'After-hours',
  [TRADE_SESSION.OVERNIGHT]: 'Overnight',
};

/** 'Regular' for an entry without `trade_session`; an unknown code is shown as such. */
export function sessionKindLabel(session: TradingSession): string {
  const kind = session.trade_session ?? TRADE_SESSION.NORMAL;
  return KIND_LABELS[kind] ?? `Session ${String(kind)}`;
}

/** hhmm as an integer (930, 1600, 0) → '09:30', '16:00', '00:00'; out of range → '—'. */
export function formatHhmm(hhmm: number): string {
  const hours = Math.trunc(hhmm / 100);
  const minutes = hhmm % 100;
  if (!Number.isInteger(hhmm) || hhmm < 0 || hours > 24 || minutes > 59) return '—';
  return `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
}

/** A session that ends at or before it begins runs past midnight (US overnight 20:00–04:00). */
export function crossesMidnight(session: TradingSession): boolean {
  return session.end_time <= session.begin_time;
}

/** 'New York' from 'America/New_York'. */
export function marketCity(market: SessionMarket): string {
  const zone = marketTimeZone(market);
  return (zone.split('/').pop() ?? zone).replace(/_/g, ' ');
}

const clockFormatters = new Map<string, Intl.DateTimeFormat>();

/** The wall-clock time in `timeZone`: 'Wed 25 Nov, 10:30:05'. */
export function formatMarketClock(ms: number, timeZone: string): string {
  let formatter = clockFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    clockFormatters.set(timeZone, formatter);
  }
  return formatter.format(new Date(ms));
}
