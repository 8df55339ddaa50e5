/**
 * Whether the ticket's instrument can fill a market order now, on the data's clock (live, or a
 * replay's): its market's regular session, read as the header's session state reads it (stocks:
 * the trading-sessions table and their market's calendar; China futures and forex: their venue's
 * times; crypto: always). Read when an order is sent (`at(now)`), so a page left open across the
 * open reads the open.
 */
import type { ProductType } from '#shared/contract.ts';
import type { MarketSession } from '#shared/paper/paper-engine.ts';
import { marketTimeZone } from '#shared/symbols.ts';
import { ymdInZone } from '#shared/time-zone.ts';
import { tradeDaysWindow } from '../../lib/calendar-month';
import { regularSession } from '../../lib/market-status';
import { dayKindLookup, isWeekendYmd, type DayKind, type TradeDaysAnswer } from '../../lib/trade-days';
import { useAppServices } from '../../queries/app-services-context';
import { useInstrumentSessions } from '../../queries/use-instrument-sessions';
import { useTradeDays } from '../../queries/use-trade-days';

const OPEN: MarketSession = { open: true };
const ALWAYS = (): MarketSession => OPEN;
const WEEKDAYS = (ymd: string): DayKind => (isWeekendYmd(ymd) ? 'closed' : 'full');

/**
 * `ready: false` while the sessions or the calendar are on their way (an order then waits for
 * them); once ready, `at(now)` is the market's session at that instant. Where no schedule can be
 * known (an index, whose home exchange no answer names; the sessions request failed), the market
 * is taken as open, as before. Days no calendar answer covers count as trading days.
 */
export type PaperSession = { ready: false } | { ready: true; at: (now: number) => MarketSession };

export function usePaperSession(symbol: string, type: ProductType | undefined): PaperSession {
  const { clock } = useAppServices();
  const { source, schedule, calendar, settled } = useInstrumentSessions(symbol, type);

  // The calendar of this month and the next (the open after a month's last days is in the next):
  // this month's is the header's request.
  const now = clock.now();
  const ymd = ymdInZone(now, calendar ? marketTimeZone(calendar) : 'UTC');
  const year = Number(ymd.slice(0, 4));
  const month = Number(ymd.slice(4, 6));
  const current = calendar ? tradeDaysWindow(year, month, now) : undefined;
  const next = calendar ? tradeDaysWindow(month === 12 ? year + 1 : year, month === 12 ? 1 : month + 1, now) : undefined;
  const currentDays = useTradeDays(calendar ?? 'US', current?.begDay ?? '', current?.endDay ?? '');
  const nextDays = useTradeDays(calendar ?? 'US', next?.begDay ?? '', next?.endDay ?? '');

  if (source === undefined || source.kind === 'always') return { ready: true, at: ALWAYS };
  // No sessions for the market: nothing to wait for.
  if (source.kind === 'table' && !schedule && settled) return { ready: true, at: ALWAYS };
  if (!schedule || currentDays.isLoading || nextDays.isLoading) return { ready: false };
  let dayKind = WEEKDAYS;
  if (calendar) {
    const answers: TradeDaysAnswer[] = [];
    for (const [window, query] of [
      [current, currentDays],
      [next, nextDays],
    ] as const) {
      if (window && query.data) answers.push({ ...window, trade_days: query.data.trade_days, half_trade_days: query.data.half_trade_days });
    }
    dayKind = dayKindLookup(answers);
  }
  return { ready: true, at: (at) => regularSession({ schedule, dayKind, now: at }) };
}
