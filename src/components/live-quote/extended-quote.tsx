/**
 * A US stock's extended-hours price, its session named: "Pre-market 223.10 +1.01 (+0.45%)" (in the page's language). Loaded
 * only when a ticker carries a session quote (extended-quote-slot.tsx): outside US extended hours
 * no page needs it.
 */
import { EXTENDED_SESSIONS, type ExtendedSession } from '#shared/contract.ts';
import { t, type MessageKey } from '../../i18n/t';
import type { ExtendedQuote as SessionQuote, Ticker } from '../../api/quote-schemas';
import { formatPercent, formatPrice, formatSignedChange, precisionOf } from '../../lib/format';
import { directionColor, priceDecimals, type Direction } from './ticker-figures';

/** The sessions' names, as the markets panel calls them. */
export const EXTENDED_SESSION_LABELS = { pre_market: 'Pre-market', post_market: 'After-hours', overnight: 'Overnight' } as const satisfies Record<
  ExtendedSession,
  MessageKey
>;

export interface ExtendedFigures {
  session: ExtendedSession;
  last: string;
  change: string;
  percent: string | undefined;
  direction: Direction;
}

/**
 * A US stock's extended-hours price beside the regular one: the newest of its session quotes,
 * in the symbol's precision, its change from the close the session follows.
 */
export function extendedFigures(ticker: Ticker): ExtendedFigures | undefined {
  let newest: { session: ExtendedSession; quote: SessionQuote } | undefined;
  for (const session of EXTENDED_SESSIONS) {
    const quote = ticker[`${session}_quote`];
    if (quote && (!newest || quote.timestamp > newest.quote.timestamp)) newest = { session, quote };
  }
  if (!newest) return undefined;
  const { session, quote } = newest;
  const decimals = Math.max(priceDecimals(ticker), precisionOf([quote.last_done, quote.prev_close]));
  const last = Number(quote.last_done);
  const previous = Number(quote.prev_close);
  const change = last - previous;
  return {
    session,
    last: formatPrice(last, decimals),
    change: formatSignedChange(change, decimals),
    percent: previous > 0 ? formatPercent((change / previous) * 100) : undefined,
    direction: change > 0 ? 'up' : change < 0 ? 'down' : 'flat',
  };
}

export interface ExtendedQuoteProps {
  ticker: Ticker;
  className: string;
  testId: string;
  /** The change as a percentage only (a watchlist row's width). */
  compact?: boolean;
  /** Classes of the change in price units beside the percentage (the header hides it where its one row is short). */
  absoluteClassName?: string;
}

export function ExtendedQuote({ ticker, className, testId, compact = false, absoluteClassName = '' }: ExtendedQuoteProps) {
  const figures = extendedFigures(ticker);
  if (!figures) return null;
  return (
    <span className={`tabular-nums ${className}`} data-testid={testId} data-session={figures.session}>
      <span className="text-slate-500 dark:text-slate-400">{t(EXTENDED_SESSION_LABELS[figures.session])}</span> {figures.last}{' '}
      <span style={{ color: directionColor(figures.direction) }}>
        {compact ? (
          figures.percent
        ) : (
          <>
            <span className={absoluteClassName}>{figures.change} </span>
            {figures.percent !== undefined && `(${figures.percent})`}
          </>
        )}
      </span>
    </span>
  );
}
