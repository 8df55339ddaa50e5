/**
 * The right column: Markets (sessions) and Alerts as two tabs of one panel, in the box the static
 * shell draws (src/app/layout.css `app-markets`), so switching never moves the chart. Each tab's
 * content stays isolated by its own PanelBoundary.
 */
import { useState, type ReactNode } from 'react';
import { PanelBoundary } from '../components/ui/panel-boundary';

export type SideTab = 'markets' | 'alerts';

const TAB = 'panel-heading rounded px-1.5 py-0.5 aria-selected:bg-slate-100 aria-selected:text-slate-900 hover:text-slate-800 dark:aria-selected:bg-slate-800 dark:aria-selected:text-slate-100 dark:hover:text-slate-200';

interface SideColumnProps {
  markets: ReactNode;
  alerts: ReactNode;
  /** The pointer is over the Alerts tab, or it has focus: its code may be needed next. */
  onAlertsIntent?: () => void;
}

export function SideColumn({ markets, alerts, onAlertsIntent }: SideColumnProps) {
  const [tab, setTab] = useState<SideTab>('markets');
  const tabs: { id: SideTab; label: string }[] = [
    { id: 'markets', label: 'Markets' },
    { id: 'alerts', label: 'Alerts' },
  ];
  return (
    <section aria-label="Markets and alerts" className="panel app-markets">
      <div role="tablist" aria-label="Markets and alerts" className="panel-title justify-start">
        {tabs.map(({ id, label }) => (
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
            {...(id === 'alerts' && onAlertsIntent && { onPointerEnter: onAlertsIntent, onFocus: onAlertsIntent })}
            className={TAB}
          >
            {label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`side-panel-${tab}`} aria-labelledby={`side-tab-${tab}`} className="min-h-0 flex-1">
        <PanelBoundary name={tab === 'markets' ? 'Markets' : 'Alerts'}>{tab === 'markets' ? markets : alerts}</PanelBoundary>
      </div>
    </section>
  );
}
