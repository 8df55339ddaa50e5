/** The §2.8 entry of one stock, formatted, with valuation figures at the live last price. */
import { t } from '../../i18n/t';
import { WaitingText } from '../../components/ui/waiting-text';
import type { ProductType } from '#shared/contract.ts';
import { ErrorNotice } from '../../components/ui/error-notice';
import { useStockInfo } from '../../queries/use-stock-info';
import { useTicker } from '../../queries/use-ticker';
import { normalizeSymbol } from '#shared/symbols.ts';
import { stockInfoSections } from './stock-info-rows';
import { StockInfoList } from './stock-info-list';

interface StockInfoDetailsProps {
  symbol: string;
  /** The workspace's type, so the ticker query is the one the rest of the page shares. */
  type?: ProductType | undefined;
}

export function StockInfoDetails({ symbol, type }: StockInfoDetailsProps) {
  const info = useStockInfo([symbol]);
  const ticker = useTicker(symbol, type);
  const retry = () => {
    void info.refetch();
  };

  if (info.data === undefined) {
    if (info.error)
      return (
        <div className="p-3">
          <ErrorNotice error={info.error} onRetry={retry} />
        </div>
      );
    return (
      <p role="status" className="p-3 text-sm text-slate-500 dark:text-slate-400">
        <WaitingText loading={t('Loading stock information…')} />
      </p>
    );
  }

  const entry = info.data.find((item) => normalizeSymbol(item.symbol) === normalizeSymbol(symbol));
  if (!entry) {
    return (
      <p data-testid="stock-info-empty" className="p-3 text-sm text-slate-500 dark:text-slate-400">
        {t('No stock information was returned for {symbol}.', { symbol })}
      </p>
    );
  }

  return (
    <div className="relative flex h-full flex-col gap-2 overflow-auto p-3">
      {info.error && <ErrorNotice error={info.error} onRetry={retry} compact />}
      <StockInfoList symbol={symbol} sections={stockInfoSections(entry, ticker.data?.last_price)} />
      {ticker.data === undefined && !ticker.isPending && (
        <p className="text-xs text-slate-500 dark:text-slate-400">{t('Valuation figures need the last price, which is unavailable right now.')}</p>
      )}
    </div>
  );
}
