/**
 * The right column, loaded with the panels beside the chart once its first candle is drawn:
 * Markets (sessions) and Alerts as two tabs of one panel, in the box app.tsx and the static shell
 * lay out (src/app/layout.css `app-markets`), so switching never moves the chart. Each tab's
 * content is isolated by its own PanelBoundary. The alerts' runtime (price feeds, dialog, chart
 * lines, toasts) runs here whichever tab is shown: it comes in the same chunk as their panel.
 */
import { t, type MessageKey } from '../i18n/t';
import { useLanguage } from '../i18n/use-language';
import { onTabListKey } from '../lib/roving';
import { Suspense, useEffect, useState } from 'react';
import { lazyWithPreload } from '../components/lazy-with-preload';
import { usePaperStore } from '../features/paper/paper-store';
import { pendingShortcutOrder, shortcutSide } from '../features/paper/paper-shortcut';
import { PanelBoundary } from '../components/ui/panel-boundary';
import { AlertsPanel, AlertsRuntime } from '../features/alerts';
import { SessionsPanel } from '../features/sessions/sessions-panel';
import { ColumnFold } from './column-fold';
import { useAppStore } from '../store/app-store';
import { wallClock } from '../time/clock';
import { useServerNow } from './use-server-now';
import { AppServicesProvider, useAppServices } from '../queries/app-services-context';
import { useReplayRun } from '../features/replay/replay-switch';
import { ReplayAlertWatch } from './replay-alerts';

export type SideTab = 'markets' | 'alerts' | 'paper';

// Paper trading: its panel loads when its tab opens (pointing at the tab starts the download); its
// runtime (the order book, the chart's lines) only while the account has orders or positions.
const paperPanel = lazyWithPreload(() => import('../features/paper/paper-panel').then((m) => m.PaperPanel));
const PaperPanel = paperPanel.Component;
const PaperRuntime = lazyWithPreload(() => import('../features/paper/paper-runtime').then((m) => m.PaperRuntime)).Component;

const TAB =
  'panel-heading rounded px-1.5 py-0.5 aria-selected:bg-slate-100 aria-selected:text-slate-900 hover:text-slate-800 dark:aria-selected:bg-slate-800 dark:aria-selected:text-slate-100 dark:hover:text-slate-200';
const TABS: { id: SideTab; label: MessageKey }[] = [
  { id: 'markets', label: 'Markets' },
  { id: 'alerts', label: 'Alerts' },
  { id: 'paper', label: 'Paper trading' },
];

const PANEL_NAMES: Record<SideTab, string> = { markets: 'Markets', alerts: 'Alerts', paper: 'Paper trading' };

/** The markets panel on the data's clock (it re-renders each second, alone). */
function LiveSessions() {
  return <SessionsPanel now={useServerNow()} />;
}

/** `panelsShown`: whether the tabs' panels render (a phone's hidden screen: only the alerts' runtime runs). */
export function SideColumn({ panelsShown }: { panelsShown: boolean }) {
  useLanguage();
  const [tab, setTab] = useState<SideTab>('markets');
  const replay = useReplayRun();
  const services = useAppServices();
  // Fills too: their marks stay on the chart once the position is closed.
  const trading = usePaperStore(({ account }) => account.orders.length > 0 || account.positions.length > 0 || account.fills.length > 0);
  // Alt+B / Alt+S buy or sell at market from anywhere: the column unfolds to the paper tab, and its
  // ticket sends the order. Not where the column is another screen (a phone's): the order would go unseen.
  useEffect(() => {
    if (!panelsShown) return undefined;
    const onKey = (event: KeyboardEvent) => {
      const side = shortcutSide(event);
      if (!side) return;
      event.preventDefault();
      pendingShortcutOrder.set({ side, at: wallClock.now() });
      useAppStore.getState().setCollapsed('markets', false);
      setTab('paper');
    };
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
    };
  }, [panelsShown]);
  return (
    <>
      <div className="panel-title">
        <div role="tablist" aria-label={t('Markets and alerts')} className="flex gap-2">
          {TABS.map(({ id, label }, index) => (
            <button
              key={id}
              type="button"
              role="tab"
              id={`side-tab-${id}`}
              aria-selected={tab === id}
              aria-controls={`side-panel-${id}`}
              tabIndex={tab === id ? 0 : -1}
              onClick={() => {
                setTab(id);
              }}
              onKeyDown={(event) => {
                onTabListKey(event, index, TABS, (next) => {
                  setTab(next.id);
                });
              }}
              {...(id === 'paper' && { onPointerEnter: paperPanel.preload, onFocus: paperPanel.preload })}
              className={TAB}
            >
              {t(label)}
            </button>
          ))}
        </div>
        <ColumnFold column="markets" part="button" />
      </div>
      <div role="tabpanel" id={`side-panel-${tab}`} aria-labelledby={`side-tab-${tab}`} className="min-h-0 flex-1">
        {panelsShown && (
          <PanelBoundary key={tab} name={PANEL_NAMES[tab]}>
            {tab === 'markets' ? (
              <LiveSessions />
            ) : tab === 'alerts' ? (
              <AlertsPanel />
            ) : (
              <Suspense fallback={<p className="p-3 text-sm text-slate-500">{t('Loading…')}</p>}>
                <PaperPanel />
              </Suspense>
            )}
          </PanelBoundary>
        )}
      </div>
      {/* During a replay, the alerts also evaluate its prices, for its controls only (replay-alerts.tsx). */}
      {replay && <ReplayAlertWatch key={replay.id} />}
      {/* On the page's own services during a replay: alerts evaluate live prices, never replayed ones. */}
      <AppServicesProvider services={replay?.base ?? services}>
        <PanelBoundary name="Alerts runtime">
          <AlertsRuntime />
        </PanelBoundary>
      </AppServicesProvider>
      {/* On the tree's services: during a replay, working orders fill at the replayed prices. */}
      {trading && (
        <PanelBoundary name="Paper trading runtime">
          <Suspense fallback={null}>
            <PaperRuntime />
          </Suspense>
        </PanelBoundary>
      )}
    </>
  );
}
