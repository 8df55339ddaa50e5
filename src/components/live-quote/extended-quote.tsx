/** A US stock's extended-hours price, its session named: "Pre-market 223.10 +1.01 (+0.45%)". */
import type { Ticker } from '../../api/quote-schemas';
import { changeText, directionColor, EXTENDED_SESSION_LABELS, extendedFigures } from './ticker-figures';

interface ExtendedQuoteProps {
  ticker: Ticker | undefined;
  className: string;
  testId: string;
  /** The change as a percentage only (a watchlist row's width). */
  compact?: boolean;
}

export function ExtendedQuote({ ticker, className, testId, compact = false }: ExtendedQuoteProps) {
  const figures = ticker && extendedFigures(ticker);
  if (!figures) return null;
  return (
    <span className={`tabular-nums ${className}`} data-testid={testId} data-session={figures.session}>
      <span className="text-slate-500 dark:text-slate-400">{EXTENDED_SESSION_LABELS[figures.session]}</span> {figures.last}{' '}
      <span style={{ color: directionColor(figures.direction) }}>{compact ? figures.percent : changeText(figures)}</span>
    </span>
  );
}
