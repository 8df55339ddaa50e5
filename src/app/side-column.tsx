/**
 * The right column, loaded with the panels beside the chart once its first candle is drawn:
 * Markets (sessions) and Alerts as two tabs of one panel, in the box app.tsx and the static shell
 * lay out (src/app/layout.css `app-markets`), so switching never moves the chart. Each tab's
 * content is isolated by its own PanelBoundary. The alerts' runtime (price feeds, dialog, chart
 * lines, toasts) runs here whichever tab is shown: it comes in the same chunk as their panel.
 */
import { t, type MessageKey } from '../i18n/t';
import { useLanguage } from '../i18n/use-language';
import { useState } from 'react';
import { PanelBoundary } from '../components/ui/panel-boundary';
import { AlertsPanel, AlertsRuntime } from '../features/alerts';
import { SessionsPanel } from '../features/sessions/sessions-panel';
import { ColumnFold } from './column-fold';
import { useServerNow } from './use-server-now';

export type SideTab = 'markets' | 'alerts';

const TAB =
  'panel-heading rounded px-1.5 py-0.5 aria-selected:bg-slate-100 aria-selected:text-slate-900 hover:text-slate-800 dark:aria-selected:bg-slate-800 dark:aria-selected:text-slate-100 dark:hover:text-slate-200';
const TABS: { id: SideTab; label: MessageKey }[] = [
  { id: 'markets', label: 'Markets' },
  { id: 'alerts', label: 'Alerts' },
];

/** The markets panel on the data's clock (it re-renders each second, alone). */
function LiveSessions() {
  return <SessionsPanel now={useServerNow()} />;
}

/** `panelsShown`: whether the tabs' panels render (a phone's hidden screen: only the alerts' runtime runs). */
export function SideColumn({ panelsShown }: { panelsShown: boolean }) {
  useLanguage();
  const [tab, setTab] = useState<SideTab>('markets');
  return (
    <>
      <div className="panel-title">
        <div role="tablist" aria-label={t('Markets and alerts')} className="flex gap-2">
          {TABS.map(({ id, label }) => (
            <button
              key={id}
              type="button"
              role="tab"
              id={`side-tab-${id}`}
              aria-selected={tab === id}
              aria-controls={`side-panel-${id}`}
              onClick={() => {
                setTab(id);
              }}
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
          <PanelBoundary key={tab} name={tab === 'markets' ? 'Markets' : 'Alerts'}>
            {tab === 'markets' ? <LiveSessions /> : <AlertsPanel />}
          </PanelBoundary>
        )}
      </div>
      <PanelBoundary name="Alerts runtime">
        <AlertsRuntime />
      </PanelBoundary>
    </>
  );
}
