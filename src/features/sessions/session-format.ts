/** How the sessions panel names and formats what `trading-sessions` returns (§2.10). */
import { t, type MessageKey } from '../../i18n/t';
import { dateFormatter } from '../../i18n/format';
import { TRADE_SESSION, type SessionMarket } from '#shared/contract.ts';
import type { TradingSession } from '../../api/reference-schemas';

const KIND_LABELS: Readonly<Record<number, MessageKey>> = {
  [TRADE_SESSION.NORMAL]: 'Regular',
  [TRADE_SESSION.PRE_MARKET]: 'Pre-market',
  [TRADE_SESSION.AFTER_HOURS]: 'After-hours',
  [TRADE_SESSION.OVERNIGHT]: 'Overnight',
};
const CITIES: Readonly<Record<SessionMarket, MessageKey>> = { US: 'New York', HK: 'Hong Kong', CN: 'Shanghai' };

/** 'Regular' for an entry without `trade_session`; an unknown code is shown as such. */
export function sessionKindLabel(session: TradingSession): string {
  const kind = session.trade_session ?? TRADE_SESSION.NORMAL;
  const label = KIND_LABELS[kind];
  return label ? t(label) : t('Session {n}', { n: kind });
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

/** 'New York' (America/New_York), in the active language. */
export function marketCity(market: SessionMarket): string {
  return t(CITIES[market]);
}

/** The wall-clock time in `timeZone`: 'Wed 25 Nov, 10:30:05'; '10:30:05' while dates are hidden (a blind replay). */
export function formatMarketClock(ms: number, timeZone: string, datesHidden = false): string {
  const clock = { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' } as const;
  const formatter = datesHidden
    ? dateFormatter('market-clock-time', { timeZone, ...clock })
    : dateFormatter('market-clock', { timeZone, weekday: 'short', day: 'numeric', month: 'short', ...clock });
  return formatter.format(new Date(ms));
}
