/**
 * Starts the requests a workspace's screen needs before React renders it: the newest page of the
 * chart's history (with a stock's adjustment factors) and the symbol header's ticker, through the very query options the chart and
 * the header use, so their hooks find the request in flight (or answered) instead of sending it.
 * The boot calls it before React mounts; afterwards every change of symbol, interval or tab, and
 * a pointer resting on a symbol about to be opened (use-open-intent.ts).
 */
import { isStockInstrument } from '#shared/symbols.ts';
import type { Workspace } from '../store/workspace-slice';
import { planAdjust } from './adjust-plan';
import type { AppServices } from './app-services';
import { exFactorsQueryOptions } from './ex-factors-query';
import type { KlineHistoryParams } from './kline-history-pages';
import { klineHistoryQueryOptions } from './use-kline-history';
import { tickerQueryOptions } from './use-ticker';

/**
 * The history query the chart opens with for this workspace: the same adjust plan as
 * useKlineSeries while the factors are still pending (stocks ask for raw prices then).
 */
export function workspaceHistoryParams({ symbol, type, interval, adjust }: Workspace): KlineHistoryParams {
  const { requestAdjust } = planAdjust(isStockInstrument(symbol, type), adjust, 'pending');
  return { symbol, interval, ...(requestAdjust && { adjust: requestAdjust }), ...(type && { type }) };
}

/** The symbols whose factors the chart of this workspace waits for: a stock adjusted locally. */
export function workspaceFactorSymbols({ symbol, type, adjust }: Workspace): string[] {
  return planAdjust(isStockInstrument(symbol, type), adjust, 'pending').waitingForFactors ? [symbol] : [];
}

const ignore = (): void => undefined;

/** What prefetching needs of the app's services. */
export type PrefetchServices = Pick<AppServices, 'queryClient' | 'feed' | 'clock'>;

export function prefetchWorkspace({ queryClient, feed, clock }: PrefetchServices, workspace: Workspace): void {
  // The chart is the only panel that needs the history; other tabs would not use it.
  // Failures are the panels' to show (their hooks retry and report); nothing to do here.
  if (workspace.tab === 'chart') {
    queryClient.infiniteQuery(klineHistoryQueryOptions(feed, clock, workspaceHistoryParams(workspace))).catch(ignore);
    const factorSymbols = workspaceFactorSymbols(workspace);
    if (factorSymbols.length > 0) queryClient.query(exFactorsQueryOptions(feed, factorSymbols)).catch(ignore);
  }
  queryClient.query(tickerQueryOptions(feed, workspace.symbol, workspace.type)).catch(ignore);
}
