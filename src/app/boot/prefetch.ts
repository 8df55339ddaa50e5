/**
 * Starts the first screen's requests before React mounts: the newest page of the chart's history
 * and the symbol header's ticker, through the very query options the chart and the header use,
 * into the app's QueryClient, so their hooks find the request in flight instead of sending it.
 */
import type { QueryClient } from '@tanstack/react-query';
import { isStockInstrument } from '../../lib/symbols';
import { planAdjust } from '../../queries/adjust-plan';
import type { KlineHistoryParams } from '../../queries/kline-history-pages';
import { klineHistoryQueryOptions } from '../../queries/use-kline-history';
import { tickerQueryOptions } from '../../queries/use-ticker';
import type { Workspace } from '../../store/workspace-slice';

/**
 * The history query the chart opens with for this workspace: the same adjust plan as
 * useKlineSeries while the factors are still pending (stocks ask for raw prices then).
 */
export function firstHistoryParams({ symbol, type, interval, adjust }: Workspace): KlineHistoryParams {
  const { requestAdjust } = planAdjust(isStockInstrument(symbol, type), adjust, 'pending');
  return { symbol, interval, ...(requestAdjust && { adjust: requestAdjust }), ...(type && { type }) };
}

const ignore = (): void => undefined;

export function prefetchFirstScreen(queryClient: QueryClient, workspace: Workspace): void {
  // The chart is the only panel that needs the history; other tabs would not use it.
  // Failures are the panels' to show (their hooks retry and report); nothing to do here.
  if (workspace.tab === 'chart') queryClient.infiniteQuery(klineHistoryQueryOptions(firstHistoryParams(workspace))).catch(ignore);
  queryClient.query(tickerQueryOptions(workspace.symbol, workspace.type)).catch(ignore);
}
