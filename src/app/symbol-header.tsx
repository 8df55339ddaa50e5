/**
 * The current symbol with its name, last price and change. Like a watchlist row (useLiveQuote):
 * the HTTP ticker (which brings the name and previous close, and stops polling while pushes are
 * live) renders the header; each push is written straight into the price and change cells, at
 * most once a frame, so a tick renders no component.
 */
import { t } from '../i18n/t';
import { typeName } from '../components/ui/type-name';
import { useLanguage } from '../i18n/use-language';
import { isAmbiguousSymbol } from '../api/api-error';
import { useLiveQuote } from '../components/live-quote/use-live-quote';
import { changeText, directionColor, tickerFigures } from '../components/live-quote/ticker-figures';
import { useAppStore } from '../store/app-store';
import { QUOTE_CLASSES } from './quote-classes';
import { ExtendedQuoteSlot } from '../components/live-quote/extended-quote-slot';
import { ADJUST_LABELS } from '../features/chart/adjust-names';
import { isStockInstrument } from '#shared/symbols.ts';
import { Suspense } from 'react';
import { lazyWithPreload } from '../components/lazy-with-preload';
import { HK_CODE_CLASS, hkDisplayCode } from '../lib/hk-code';
import { interimName } from '../lib/interim-name';

// The name in the language's script and the HK code beside it come with the watchlists, after
// the first candle (the names need the catalogue then anyway); until then the quote's own name,
// if it is in the language's script (interimName).
const SymbolName = lazyWithPreload(() => import('../components/symbol-name').then((m) => m.SymbolName)).Component;

interface SymbolHeaderProps {
  /** The chart's first candle is drawn (or the page opened elsewhere). */
  afterFirstCandle: boolean;
}

export function SymbolHeader({ afterFirstCandle }: SymbolHeaderProps) {
  const language = useLanguage();
  const symbol = useAppStore((state) => state.workspace.symbol);
  const type = useAppStore((state) => state.workspace.type);
  const adjust = useAppStore((state) => state.workspace.adjust);
  const { ticker, error, lastCell, changeCell } = useLiveQuote(symbol, type, { flash: false });
  const figures = ticker ? tickerFigures(ticker) : undefined;
  const code = hkDisplayCode(symbol);
  const firstName = interimName(symbol, ticker?.name, language);
  return (
    <div className={QUOTE_CLASSES.row} data-testid="symbol-header">
      <h1 className={QUOTE_CLASSES.symbol}>
        {symbol}
        {type && <span className={QUOTE_CLASSES.type}>({typeName(type)})</span>}
      </h1>
      <span className={QUOTE_CLASSES.name} data-testid="header-name">
        {/* The code from the first paint (the shell draws it too); the name in the language's script after the first candle. */}
        {code !== undefined && <span className={HK_CODE_CLASS}>{code}</span>}
        <Suspense fallback={firstName}>{afterFirstCandle ? <SymbolName symbol={symbol} name={ticker?.name} withCode={false} /> : firstName}</Suspense>
      </span>
      {figures && (
        <span ref={lastCell} className={QUOTE_CLASSES.last} data-testid="header-last-price">
          {figures.last}
        </span>
      )}
      <span className={QUOTE_CLASSES.figures}>
        {figures?.change !== undefined && (
          <span ref={changeCell} className={QUOTE_CLASSES.change} style={{ color: directionColor(figures.direction) }} data-testid="header-change">
            {changeText(figures)}
          </span>
        )}
        <ExtendedQuoteSlot ticker={ticker} className={QUOTE_CLASSES.extended} absoluteClassName={QUOTE_CLASSES.extendedAbsolute} testId="header-extended" />
      </span>
      {/* Which adjustment the chart draws: after the quote (the shell's boxes stay put), giving way on a narrow header. */}
      {isStockInstrument(symbol, type) && (
        <span className={QUOTE_CLASSES.name} data-testid="header-adjust">
          {t('Adjust')}: {t(ADJUST_LABELS[adjust])}
        </span>
      )}
      {error &&
        !ticker &&
        (isAmbiguousSymbol(error) ? (
          // The prompt under the header asks which type: no quote until then, and nothing is wrong.
          <span className="truncate text-sm text-slate-500 dark:text-slate-400">{t('Which type?')}</span>
        ) : (
          <span className="text-sm text-amber-600 dark:text-amber-400">{t('No quote')}</span>
        ))}
    </div>
  );
}
