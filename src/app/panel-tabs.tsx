/**
 * The tabs of the main area: chart, intraday, stock info, trades, HK market, order book (Alt+1…6).
 * One row of fixed height (src/app/layout.css); where the column is too narrow for every tab
 * (1024 px and below) the row scrolls: the open tab is always scrolled wholly into view, and
 * buttons over the ends show that more tabs lie beyond and scroll to them.
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { preloadOnIntent } from '../components/lazy-with-preload';
import { t, type MessageKey } from '../i18n/t';
import { useLanguage } from '../i18n/use-language';
import { onTabListKey } from '../lib/roving';
import { useAppStore } from '../store/app-store';
import { PANEL_TABS, type PanelTab } from '../store/workspace-slice';
import { hiddenEnds, scrollToReveal } from './tab-strip';

const TAB_KEYS: Record<PanelTab, MessageKey> = {
  chart: 'Chart',
  intraday: 'Intraday',
  info: 'Stock info',
  trades: 'Trades',
  hk: 'HK market',
  book: 'Order book',
  screener: 'Screener',
};

/** A tab's name in the active language. */
export function tabLabel(tab: PanelTab): string {
  return t(TAB_KEYS[tab]);
}

/** Width of the scroll buttons over the strip's ends: a revealed tab stays clear of them. */
const END_BUTTON_PX = 28;

interface PanelTabsProps {
  render: (tab: PanelTab) => ReactNode;
  /** The pointer is over a tab or it has focus: its panel may be opened next. */
  onIntent?: (tab: PanelTab) => void;
  /** Controls at the row's right end for the open tab (the chart's layout). */
  actions?: (tab: PanelTab) => ReactNode;
}

export function PanelTabs({ render, onIntent, actions }: PanelTabsProps) {
  useLanguage();
  const tab = useAppStore((state) => state.workspace.tab);
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="app-tabs">
        <TabStrip tab={tab} onIntent={onIntent} />
        {actions && <div className="flex items-center px-2">{actions(tab)}</div>}
      </div>
      <div id={`tabpanel-${tab}`} role="tabpanel" aria-labelledby={`tab-${tab}`} className="app-tab-panel">
        {render(tab)}
      </div>
    </div>
  );
}

/**
 * The tabs themselves, with the buttons over the ends where some are hidden. Its own component:
 * the hidden ends are known once the browser has laid the strip out, and that state renders the
 * strip alone, not the open panel (the chart's whole panel on a phone's first screen).
 */
function TabStrip({ tab, onIntent }: { tab: PanelTab; onIntent: PanelTabsProps['onIntent'] }) {
  const setTab = useAppStore((state) => state.setTab);
  const list = useRef<HTMLDivElement>(null);
  const [ends, setEnds] = useState({ start: false, end: false });
  // The open tab for the observer below; undefined until the strip was first laid out.
  const openTab = useRef(tab);
  const laidOut = useRef(false);

  const measure = useCallback(() => {
    if (!list.current) return;
    const next = hiddenEnds(list.current);
    setEnds((current) => (current.start === next.start && current.end === next.end ? current : next));
  }, []);
  const reveal = useCallback(() => {
    const strip = list.current;
    const button = strip?.querySelector<HTMLElement>(`#tab-${openTab.current}`);
    if (strip && button) strip.scrollLeft = scrollToReveal(strip, button, END_BUTTON_PX);
  }, []);

  // The open tab in view whenever it changes (click, Alt+n, a link). Not in the first commit: the
  // observer's first call does it once the browser has laid the strip out, so the app's first
  // render forces no layout of its own.
  useLayoutEffect(() => {
    openTab.current = tab;
    if (!laidOut.current) return;
    reveal();
    measure();
  }, [tab, reveal, measure]);

  useEffect(() => {
    const strip = list.current;
    if (!strip || typeof ResizeObserver !== 'function') return undefined;
    const observer = new ResizeObserver(() => {
      if (!laidOut.current) reveal();
      laidOut.current = true;
      measure();
    });
    observer.observe(strip);
    return () => {
      observer.disconnect();
    };
  }, [reveal, measure]);

  const scrollBy = (direction: -1 | 1) => {
    const strip = list.current;
    if (strip) strip.scrollBy({ left: direction * strip.clientWidth * 0.7, behavior: 'smooth' });
  };

  return (
    <div className="relative flex min-w-0 flex-1">
      <div
        ref={list}
        role="tablist"
        aria-label={t('Panels')}
        onScroll={measure}
        className="relative flex min-w-0 flex-1 gap-1 overflow-x-auto px-2 [scrollbar-width:none] [&::-webkit-scrollbar]:hidden"
      >
        {PANEL_TABS.map((id, index) => (
          <button
            key={id}
            id={`tab-${id}`}
            type="button"
            role="tab"
            aria-selected={tab === id}
            aria-controls={`tabpanel-${id}`}
            tabIndex={tab === id ? 0 : -1}
            title={`${tabLabel(id)} (Alt+${String(index + 1)})`}
            onClick={() => {
              setTab(id);
            }}
            onKeyDown={(event) => {
              onTabListKey(event, index, PANEL_TABS, setTab);
            }}
            {...preloadOnIntent(() => onIntent?.(id))}
            className={`shrink-0 whitespace-nowrap border-b-2 px-3 text-sm ${tab === id ? 'border-sky-500 font-medium text-slate-900 dark:text-white' : 'border-transparent text-slate-500 hover:text-slate-800 dark:text-slate-400 dark:hover:text-slate-200'}`}
          >
            {tabLabel(id)}
          </button>
        ))}
      </div>
      {ends.start && (
        <EndButton
          side="start"
          onClick={() => {
            scrollBy(-1);
          }}
        />
      )}
      {ends.end && (
        <EndButton
          side="end"
          onClick={() => {
            scrollBy(1);
          }}
        />
      )}
    </div>
  );
}

/**
 * A button over one end of the strip, shown while tabs are hidden past that end. Out of the tab
 * order: keyboard users reach every tab with Tab (the strip scrolls to the focused one).
 */
function EndButton({ side, onClick }: { side: 'start' | 'end'; onClick: () => void }) {
  const start = side === 'start';
  return (
    <button
      type="button"
      tabIndex={-1}
      aria-label={t(start ? 'Scroll tabs back' : 'More tabs')}
      title={t(start ? 'Scroll tabs back' : 'More tabs')}
      onClick={onClick}
      style={{ width: END_BUTTON_PX }}
      className={`absolute inset-y-0 ${start ? 'left-0 border-r' : 'right-0 border-l'} border-slate-200 bg-white text-slate-500 hover:text-slate-900 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-400 dark:hover:text-white`}
    >
      <span aria-hidden="true">{start ? '‹' : '›'}</span>
    </button>
  );
}
