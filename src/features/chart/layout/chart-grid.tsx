/**
 * The chart tab with two to four charts (loaded on demand: one chart needs none of this). Each
 * chart is a full chart panel of its own symbol and interval under a compact header that names
 * them; a press anywhere on one makes it the active chart (a visible frame), which the header, the
 * search and the shortcuts act on. Any chart maximises (its header's button or a double-click on
 * the header) and comes back; the others stay mounted, hidden, so they come back as they were.
 * Below 640 px the layout collapses to the active chart with a switcher of the others.
 */
import { t } from '../../../i18n/t';
import { useEffect, useMemo, useState } from 'react';
import { useWideScreen } from '../../../components/use-media-query';
import { onTabListKey } from '../../../lib/roving';
import { useAppStore } from '../../../store/app-store';
import { chartCount } from '../../../store/chart-layout';
import { setActiveChart } from '../../../store/layout-changes';
import type { ChartAdapter } from '../chart-adapter';
import { ChartPanel } from '../chart-panel';
import { ChartSync } from './chart-sync';
import { CellHeader } from './cell-header';
import './layout.css';

export function ChartGrid({ afterFirstCandle }: { afterFirstCandle: boolean }) {
  const kind = useAppStore((state) => state.layout.kind);
  const active = useAppStore((state) => state.layout.active);
  const charts = useAppStore((state) => state.layout.charts);
  const updateLayout = useAppStore((state) => state.updateLayout);
  const activate = (index: number) => {
    updateLayout((layout) => setActiveChart(layout, index));
  };
  const wide = useWideScreen();
  const [sync] = useState(() => new ChartSync(() => useAppStore.getState().layout.sync));
  // One stable callback per slot, so a chart's adapter joins the sync once.
  const onAdapter = useMemo(
    () =>
      Array.from({ length: 4 }, (_, index) => (adapter: ChartAdapter | undefined) => {
        if (adapter) sync.join(index, adapter);
        else sync.leave(index);
      }),
    [sync],
  );
  useEffect(
    () => () => {
      sync.pointerIn(undefined);
    },
    [sync],
  );
  const count = chartCount(kind);
  const slots = Array.from({ length: count }, (_, index) => index);
  const shown = wide ? slots : [active];
  // The maximised chart (this page's view only, not kept): a slot no longer shown is none.
  const [maximisedSlot, setMaximised] = useState<number | undefined>(undefined);
  const maximised = wide && maximisedSlot !== undefined && maximisedSlot < count ? maximisedSlot : undefined;
  const toggleMaximised = (index: number) => {
    setMaximised(maximised === index ? undefined : index);
  };

  return (
    <div className="chart-layout">
      {!wide && (
        <div role="tablist" aria-label={t('Charts')} className="chart-switcher">
          {charts.slice(0, count).map((view, index) => (
            <button
              key={index}
              type="button"
              role="tab"
              aria-selected={index === active}
              tabIndex={index === active ? 0 : -1}
              onClick={() => {
                activate(index);
              }}
              onKeyDown={(event) => {
                onTabListKey(event, index, slots, activate);
              }}
            >
              {view.symbol} {view.interval}
            </button>
          ))}
        </div>
      )}
      <div className="chart-grid" data-layout={wide && maximised === undefined ? kind : '1'}>
        {shown.map((index) => (
          <section
            key={index}
            aria-label={t('Chart {number}: {symbol}', { number: index + 1, symbol: charts[index]?.symbol ?? '' })}
            className="chart-frame"
            data-active={index === active}
            data-testid="layout-chart"
            data-maximised={maximised === index}
            hidden={maximised !== undefined && maximised !== index}
            onPointerDownCapture={() => {
              activate(index);
            }}
            onFocusCapture={() => {
              activate(index);
            }}
            onPointerEnter={() => {
              sync.pointerIn(index);
            }}
            onPointerLeave={() => {
              sync.pointerIn(undefined);
            }}
          >
            {wide && count > 1 && (
              <CellHeader
                symbol={charts[index]?.symbol ?? ''}
                interval={charts[index]?.interval ?? ''}
                active={index === active}
                maximised={maximised === index}
                onToggleMaximised={() => {
                  toggleMaximised(index);
                }}
              />
            )}
            <ChartPanel afterFirstCandle={afterFirstCandle} chartIndex={index} active={index === active} onAdapter={onAdapter[index]} />
          </section>
        ))}
      </div>
    </div>
  );
}
