/**
 * The tape of one symbol: pushed trades ahead of one HTTP snapshot while the trade channel is
 * live; otherwise polled over HTTP, saying so when the channel was refused or the socket is down.
 * While a poll fails the last good tape stays on screen under a compact error; the next
 * successful poll clears it.
 */
import { t } from '../../i18n/t';
import { WaitingText } from '../../components/ui/waiting-text';
import type { ProductType } from '#shared/contract.ts';
import { ErrorNotice } from '../../components/ui/error-notice';
import { useDisplayZone } from '../../components/use-display-zone';
import { isNoTradeDataAnswer } from '../../queries/trade-data-availability';
import { useRealtimeStatus } from '../../realtime/hooks';
import { TRADES_POLL_MS, useTape } from './api/use-trades';
import { liveTradesNotice } from './live-trades-notice';
import { hasFuturesColumns, tapeRows } from './tape-rows';
import { TradesUnavailable } from './trades-unavailable';
import { TradeTable } from './trade-table';
import { useFreshIds } from './use-fresh-ids';

const NOTE = 'p-3 text-sm text-slate-500 dark:text-slate-400';

export function TradeTape({ symbol, type }: { symbol: string; type?: ProductType | undefined }) {
  const { data: trades, state, query } = useTape(symbol, type);
  const status = useRealtimeStatus();
  const notice = liveTradesNotice(state, status, TRADES_POLL_MS / 1000);
  const fresh = useFreshIds(trades);
  const { timeZone } = useDisplayZone(symbol, type);
  const retry = () => {
    void query.refetch();
  };

  if (query.data === undefined) {
    if (query.error && isNoTradeDataAnswer(symbol, query.error)) return <TradesUnavailable symbol={symbol} type={type} />;
    if (query.error)
      return (
        <div className="p-3">
          <ErrorNotice error={query.error} onRetry={retry} />
        </div>
      );
    return (
      <p role="status" className={NOTE}>
        <WaitingText loading={t('Loading trades…')} />
      </p>
    );
  }

  const shown = trades ?? [];
  return (
    <div className="flex h-full min-h-0 flex-col gap-2 p-2">
      {notice && (
        <p role="status" data-testid="trades-live-notice" className="text-xs text-amber-700 dark:text-amber-300">
          {notice}
        </p>
      )}
      {query.error && <ErrorNotice error={query.error} onRetry={retry} compact />}
      {shown.length === 0 ? (
        <p data-testid="trades-empty" className={NOTE}>
          No trades for {symbol} yet.
        </p>
      ) : (
        <div className="relative min-h-0 flex-1 overflow-auto">
          <TradeTable symbol={symbol} rows={tapeRows(shown, timeZone)} timeZone={timeZone} futures={hasFuturesColumns(shown, query.data.type)} fresh={fresh} />
        </div>
      )}
    </div>
  );
}
