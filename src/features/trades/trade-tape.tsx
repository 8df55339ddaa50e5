/**
 * The polled tape of one symbol. While a poll fails the last good tape stays on screen under a
 * compact error; the next successful poll clears it.
 */
import { isApiError } from '../../api/api-error';
import { ERROR_CODES, type ProductType } from '../../api/contract';
import { ErrorNotice } from '../../components/ui/error-notice';
import { isStockSymbol } from '../../lib/symbols';
import { useTrades } from '../../queries/use-trades';
import { hasFuturesColumns, tapeRows } from './tape-rows';
import { TradesUnavailable } from './trades-unavailable';
import { tradeTimeZone } from './trade-time';
import { TradeTable } from './trade-table';
import { useFreshIds } from './use-fresh-ids';

export const TAPE_LIMIT = 100;

/** A bare code the service refuses with 2001 (not AMBIGUOUS_SYMBOL) is a type without trades. */
function isNoTradesError(symbol: string, error: unknown): boolean {
  return !isStockSymbol(symbol) && isApiError(error) && error.code === ERROR_CODES.INVALID_PARAMETER && error.errorName === undefined;
}

const NOTE = 'p-3 text-sm text-slate-500 dark:text-slate-400';

export function TradeTape({ symbol, type }: { symbol: string; type?: ProductType | undefined }) {
  const query = useTrades(symbol, TAPE_LIMIT, type);
  const fresh = useFreshIds(query.data?.trades);
  const retry = () => {
    void query.refetch();
  };

  if (query.data === undefined) {
    if (query.error && isNoTradesError(symbol, query.error)) return <TradesUnavailable symbol={symbol} type={type} />;
    if (query.error) return <div className="p-3"><ErrorNotice error={query.error} onRetry={retry} /></div>;
    return (
      <p role="status" className={NOTE}>
        Loading trades…
      </p>
    );
  }

  const { trades } = query.data;
  const timeZone = tradeTimeZone(symbol, query.data.type ?? type);
  return (
    <div className="flex h-full min-h-0 flex-col gap-2 p-2">
      {query.error && <ErrorNotice error={query.error} onRetry={retry} compact />}
      {trades.length === 0 ? (
        <p data-testid="trades-empty" className={NOTE}>
          No trades for {symbol} yet.
        </p>
      ) : (
        <div className="min-h-0 flex-1 overflow-auto">
          <TradeTable
            symbol={symbol}
            rows={tapeRows(trades, timeZone)}
            timeZone={timeZone}
            futures={hasFuturesColumns(trades, query.data.type)}
            fresh={fresh}
          />
        </div>
      )}
    </div>
  );
}
