/**
 * The quote strip under the symbol header: open, high, low, previous close, the day's and the
 * year's range, amplitude, volume, turnover, turnover rate (stocks with share counts), bid and ask
 * (where the ticker has them) and open interest (futures), as Futu shows beside every chart. It
 * loads after the first candle; the year's range reads a year of completed daily candles and the
 * ticker's day (use-year-dailies).
 */
import { useMemo } from 'react';
import { isStockInstrument, marketOfSymbol, normalizeSymbol } from '#shared/symbols.ts';
import { t } from '../../i18n/t';
import { useLanguage } from '../../i18n/use-language';
import { useInstrumentType } from '../../queries/use-instrument-type';
import { useTicker } from '../../queries/use-ticker';
import { useAppStore } from '../../store/app-store';
import { useStockInfo } from '../../queries/use-stock-info';
import { quoteFigures } from './quote-figures';
import { useFormingDaily, useYearDailies } from './use-year-dailies';

const NO_SYMBOLS: string[] = [];

export function QuoteStrip() {
  useLanguage();
  const symbol = useAppStore((state) => state.workspace.symbol);
  const type = useAppStore((state) => state.workspace.type);
  const stock = isStockInstrument(symbol, type);
  const kind = useInstrumentType(symbol, type);
  const ticker = useTicker(symbol, type).data;
  const dailies = useYearDailies(symbol, type, stock);
  const formingDaily = useFormingDaily(symbol, type, kind === 'futures');
  const info = useStockInfo(stock ? [symbol] : NO_SYMBOLS).data?.find((entry) => normalizeSymbol(entry.symbol) === normalizeSymbol(symbol));
  // Shares that trade where this listing trades: an HK listing's H shares, else the float, else all.
  const tradableShares = (marketOfSymbol(symbol) === 'HK' ? info?.hk_shares : undefined) ?? info?.circulating_shares ?? info?.total_shares;
  const figures = useMemo(
    () => (ticker ? quoteFigures({ ticker, dailies, tradableShares, futures: kind === 'futures', formingDaily }) : []),
    [ticker, dailies, tradableShares, kind, formingDaily],
  );
  if (figures.length === 0) return null;
  return (
    <dl
      aria-label={t('Quote figures')}
      data-testid="quote-strip"
      className="flex h-4 min-w-0 gap-x-4 overflow-x-auto px-1 text-xs whitespace-nowrap text-slate-500 [scrollbar-width:none] dark:text-slate-400"
    >
      {figures.map((figure) => (
        <div key={figure.key} data-key={figure.key} className="flex gap-1">
          <dt>{t(figure.label)}</dt>
          <dd className="text-slate-800 tabular-nums dark:text-slate-200">{figure.text}</dd>
        </div>
      ))}
    </dl>
  );
}
