/**
 * Time and sales of the workspace symbol. Symbols without trades (forex, indices) get a sentence
 * and no trades request: the type comes from the workspace, the symbol's shape (stocks), or the
 * ticker the rest of the page already polls (useTradeDataAvailability).
 */
import { t } from '../../i18n/t';
import { WaitingText } from '../../components/ui/waiting-text';
import { useLanguage } from '../../i18n/use-language';
import { useTradeDataAvailability } from '../../queries/trade-data-availability';
import { useAppStore } from '../../store/app-store';
import { TradeTape } from './trade-tape';
import { TradesUnavailable } from './trades-unavailable';

export function TradesPanel() {
  useLanguage();
  const symbol = useAppStore((state) => state.workspace.symbol);
  const type = useAppStore((state) => state.workspace.type);
  const availability = useTradeDataAvailability(symbol, type);
  switch (availability.status) {
    case 'available':
      return <TradeTape key={symbol} symbol={symbol} type={type} />;
    case 'unavailable':
      return <TradesUnavailable symbol={symbol} type={availability.type} />;
    case 'pending':
      return (
        <p role="status" className="p-3 text-sm text-slate-500 dark:text-slate-400">
          <WaitingText loading={t('Loading trades…')} />
        </p>
      );
  }
}
