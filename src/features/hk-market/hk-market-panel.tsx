/**
 * The HK market tab: every HK security from the full-HK feed, polled, in a virtualised table
 * that sorts by any column and filters by code or name, with the day's top movers above it.
 * A plan without the feed (1004) gets a plan message; a failed poll keeps the last good data.
 */
import { t } from '../../i18n/t';
import { WaitingText } from '../../components/ui/waiting-text';
import { useLanguage } from '../../i18n/use-language';
import { useCallback, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { ErrorNotice } from '../../components/ui/error-notice';
import { useHkTickers } from './api/use-hk-tickers';
import { HkMoversStrip } from './hk-movers-strip';
import { HkPlanNotice, isPlanError } from './hk-plan-notice';
import { HkTable } from './hk-table';
import { HkToolbar } from './hk-toolbar';
import { useHkViewStore } from './hk-view-store';
import { useHkTable } from './use-hk-table';
import { useOpenInChart } from './use-open-in-chart';

export function HkMarketPanel() {
  useLanguage();
  const query = useHkTickers();
  const { rows, visible, movers } = useHkTable(query.data);
  const view = useHkViewStore(
    useShallow((state) => ({
      sort: state.sort,
      query: state.query,
      type: state.type,
      sortBy: state.sortBy,
      setQuery: state.setQuery,
      setType: state.setType,
      setScrollOffset: state.setScrollOffset,
    })),
  );
  // Read once: where the table was scrolled when the tab was last left.
  const [initialOffset] = useState(() => useHkViewStore.getState().scrollOffset);
  const openInChart = useOpenInChart();
  const { refetch } = query;
  const retry = useCallback(() => {
    void refetch();
  }, [refetch]);

  if (query.data === undefined) {
    if (query.isError) {
      return isPlanError(query.error) ? (
        <HkPlanNotice />
      ) : (
        <div className="p-3">
          <ErrorNotice error={query.error} onRetry={retry} />
        </div>
      );
    }
    return (
      <p role="status" className="p-3 text-sm text-slate-500">
        <WaitingText loading={t('Loading the HK market…')} />
      </p>
    );
  }

  const openFirst = () => {
    const first = rows[visible[0] ?? -1];
    if (first) openInChart(first);
  };

  return (
    <div className="flex h-full min-h-0 flex-col">
      {query.isError &&
        (isPlanError(query.error) ? (
          <HkPlanNotice compact />
        ) : (
          <div className="px-2 pt-2">
            <ErrorNotice compact error={query.error} onRetry={retry} />
            <p className="mt-1 text-xs text-slate-500">Showing the last data received.</p>
          </div>
        ))}
      <HkMoversStrip movers={movers} onOpen={openInChart} />
      <HkToolbar
        query={view.query}
        type={view.type}
        shown={visible.length}
        total={rows.length}
        onQuery={view.setQuery}
        onType={view.setType}
        onSubmit={openFirst}
      />
      <HkTable
        rows={rows}
        visible={visible}
        sort={view.sort}
        onSort={view.sortBy}
        onOpen={openInChart}
        initialOffset={initialOffset}
        onLeave={view.setScrollOffset}
        resetKey={`${view.sort.key}:${view.sort.direction}:${view.query}:${view.type}`}
      />
    </div>
  );
}
