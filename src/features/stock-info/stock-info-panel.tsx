/** Stock information of the workspace symbol; non-stocks get a sentence and no request. */
import { t } from '../../i18n/t';
import { useLanguage } from '../../i18n/use-language';
import { useAppStore } from '../../store/app-store';
import { isStockSymbol } from '#shared/symbols.ts';
import { StockInfoDetails } from './stock-info-details';

export const NOT_A_STOCK = 'Stock information is available for US, HK and A-share stocks.';

export function StockInfoPanel() {
  useLanguage();
  const symbol = useAppStore((state) => state.workspace.symbol);
  const type = useAppStore((state) => state.workspace.type);
  if (!isStockSymbol(symbol) || (type !== undefined && type !== 'stock')) {
    return (
      <p data-testid="stock-info-unavailable" className="p-3 text-sm text-slate-500 dark:text-slate-400">
        {t(NOT_A_STOCK)} {t('{symbol} is not one.', { symbol })}
      </p>
    );
  }
  return <StockInfoDetails key={symbol} symbol={symbol} type={type} />;
}
