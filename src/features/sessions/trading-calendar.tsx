/**
 * A market's month calendar from `trade-days` (§4.11): trading days, half days and holidays, with
 * a legend and month navigation. The endpoint answers only windows starting within the most
 * recent year, at most 31 days long: months outside it say so instead of failing.
 */
import { memoTranslated } from '../../i18n/memo-translated';
import { t } from '../../i18n/t';
import { useState } from 'react';
import type { SessionMarket } from '#shared/contract.ts';
import { ErrorNotice } from '../../components/ui/error-notice';
import { calendarMonth, tradeDaysWindow } from '../../lib/calendar-month';
import { marketTimeZone } from '#shared/symbols.ts';
import type { TradeDaysAnswer } from '../../lib/trade-days';
import { ymdInZone } from '#shared/time-zone.ts';
import { useTradeDays } from '../../queries/use-trade-days';
import { CalendarLegend } from './calendar-legend';
import { MonthGrid } from './month-grid';
import { compareMonths, monthOfYmd, monthTitle, shiftMonth } from './month-math';

interface TradingCalendarProps {
  market: SessionMarket;
  /** The current instant (ms) on the data's clock. */
  now: number;
}

const navButton =
  'inline-flex h-7 w-7 items-center justify-center rounded text-base leading-none text-slate-600 hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-40 dark:text-slate-300 dark:hover:bg-slate-800';

/**
 * The calendar reads only the day of `now` (in the market's zone, and in UTC for the endpoint's
 * window): the panel's minute, or a replay's ten minutes a second, leaves it as it was.
 */
function sameDays(before: TradingCalendarProps, after: TradingCalendarProps): boolean {
  const zone = marketTimeZone(after.market);
  return (
    before.market === after.market && ymdInZone(before.now, zone) === ymdInZone(after.now, zone) && ymdInZone(before.now, 'UTC') === ymdInZone(after.now, 'UTC')
  );
}

export const TradingCalendar = memoTranslated(function TradingCalendar({ market, now }: TradingCalendarProps) {
  // Months from the market's current month: the view follows the clock across a month end.
  const [offset, setOffset] = useState(0);
  const today = ymdInZone(now, marketTimeZone(market));
  const thisMonth = monthOfYmd(today);
  const view = shiftMonth(thisMonth, offset);
  const title = monthTitle(view);
  const range = tradeDaysWindow(view.year, view.month, now);
  const query = useTradeDays(market, range?.begDay ?? '', range?.endDay ?? '');
  const isPast = compareMonths(view, thisMonth) < 0;

  const answers: TradeDaysAnswer[] = range && query.data ? [{ ...range, trade_days: query.data.trade_days, half_trade_days: query.data.half_trade_days }] : [];
  const weeks = calendarMonth(view.year, view.month, answers, now);
  const monthDays = weeks.flat().filter((day) => day.inMonth);
  const earlierMissing = monthDays.some((day) => day.kind === 'unavailable' && day.ymd < today);
  const laterMissing = monthDays.some((day) => day.kind === 'unavailable' && day.ymd > today);

  return (
    <div className="flex flex-col gap-1.5" data-testid={`calendar-${market}`}>
      <div className="flex items-center justify-between gap-2">
        <button
          type="button"
          aria-label={t('Previous month')}
          className={navButton}
          disabled={!range && isPast}
          onClick={() => {
            setOffset((o) => o - 1);
          }}
        >
          ‹
        </button>
        <p aria-live="polite" className="text-xs font-semibold" data-testid={`calendar-month-${market}`}>
          {title}
        </p>
        <button
          type="button"
          aria-label={t('Next month')}
          className={navButton}
          disabled={!range && !isPast}
          onClick={() => {
            setOffset((o) => o + 1);
          }}
        >
          ›
        </button>
      </div>
      {range ? (
        <>
          {query.isError && <ErrorNotice compact error={query.error} onRetry={() => void query.refetch()} />}
          <MonthGrid caption={t('Trading calendar, {market}, {title}', { market, title })} weeks={weeks} today={today} loading={query.isLoading} />
          {earlierMissing && (
            <p className="text-[11px] text-slate-500 dark:text-slate-400">{t('Earlier days: trading days are available for the last 12 months only.')}</p>
          )}
          {laterMissing && <p className="text-[11px] text-slate-500 dark:text-slate-400">{t('Later days are not published yet.')}</p>}
          <CalendarLegend />
        </>
      ) : (
        <p className="rounded border border-dashed border-slate-300 p-3 text-center text-xs text-slate-600 dark:border-slate-700 dark:text-slate-400">
          {isPast ? t('Trading days are available for the last 12 months only.') : t('Trading days for {title} are not published yet.', { title })}
        </p>
      )}
    </div>
  );
}, sameDays);
