/** The tabs of the main area: chart, intraday, stock info, trades, HK market, order book (Alt+1…6). */
import type { ReactNode } from 'react';
import { preloadOnIntent } from '../components/lazy-with-preload';
import { useAppStore } from '../store/app-store';
import { PANEL_TABS, type PanelTab } from '../store/workspace-slice';

export const TAB_LABELS: Record<PanelTab, string> = {
  chart: 'Chart',
  intraday: 'Intraday',
  info: 'Stock info',
  trades: 'Trades',
  hk: 'HK market',
  book: 'Order book',
};

interface PanelTabsProps {
  render: (tab: PanelTab) => ReactNode;
  /** The pointer is over a tab or it has focus: its panel may be opened next. */
  onIntent?: (tab: PanelTab) => void;
}

export function PanelTabs({ render, onIntent }: PanelTabsProps) {
  const tab = useAppStore((state) => state.workspace.tab);
  const setTab = useAppStore((state) => state.setTab);
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div role="tablist" aria-label="Panels" className="flex gap-1 overflow-x-auto border-b border-slate-200 px-2 dark:border-slate-800">
        {PANEL_TABS.map((id, index) => (
          <button
            key={id}
            id={`tab-${id}`}
            type="button"
            role="tab"
            aria-selected={tab === id}
            aria-controls={`tabpanel-${id}`}
            title={`${TAB_LABELS[id]} (Alt+${String(index + 1)})`}
            onClick={() => {
              setTab(id);
            }}
            {...preloadOnIntent(() => onIntent?.(id))}
            className={`whitespace-nowrap border-b-2 px-3 py-2 text-sm ${tab === id ? 'border-sky-500 font-medium text-slate-900 dark:text-white' : 'border-transparent text-slate-500 hover:text-slate-800 dark:text-slate-400 dark:hover:text-slate-200'}`}
          >
            {TAB_LABELS[id]}
          </button>
        ))}
      </div>
      <div id={`tabpanel-${tab}`} role="tabpanel" aria-labelledby={`tab-${tab}`} className="flex min-h-0 flex-1 flex-col">
        {render(tab)}
      </div>
    </div>
  );
}
