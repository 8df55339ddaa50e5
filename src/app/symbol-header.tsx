/**
 * The current symbol with its name, last price and change: ticker pushes over the HTTP ticker
 * (which brings the name and previous close, and stops polling while pushes are live). useTicker
 * does both: it holds useLiveTicker and returns mergeTicker(HTTP ticker, latest push).
 */
import { precisionOf, formatPrice, formatPercent, formatSignedChange } from '../lib/format';
import { useTicker } from '../queries/use-ticker';
import { useAppStore } from '../store/app-store';

export function SymbolHeader() {
  const symbol = useAppStore((state) => state.workspace.symbol);
  const type = useAppStore((state) => state.workspace.type);
  const { data: ticker, error } = useTicker(symbol, type);
  const last = ticker ? Number(ticker.last_price) : undefined;
  const change = ticker?.price_change_24h !== undefined ? Number(ticker.price_change_24h) : undefined;
  const percent = ticker?.price_change_percent_24h !== undefined ? Number(ticker.price_change_percent_24h) : undefined;
  const decimals = ticker ? precisionOf([ticker.last_price, ticker.prev_close ?? '', ticker.high_24h ?? '']) : 2;
  const color = change === undefined || change === 0 ? undefined : change > 0 ? 'var(--color-up)' : 'var(--color-down)';
  return (
    <div className="flex min-w-0 items-baseline gap-3" data-testid="symbol-header">
      <h1 className="truncate text-lg font-semibold">
        {symbol}
        {type && <span className="ml-1 text-xs font-normal text-slate-500">({type})</span>}
      </h1>
      <span className="hidden truncate text-sm text-slate-500 sm:inline dark:text-slate-400">{ticker?.name}</span>
      {last !== undefined && (
        <span className="text-lg font-semibold tabular-nums" data-testid="header-last-price">
          {formatPrice(last, decimals)}
        </span>
      )}
      {change !== undefined && (
        <span className="text-sm tabular-nums" style={{ color }}>
          {formatSignedChange(change, decimals)} {percent !== undefined && `(${formatPercent(percent)})`}
        </span>
      )}
      {error && !ticker && <span className="text-sm text-amber-600 dark:text-amber-400">No quote</span>}
    </div>
  );
}
