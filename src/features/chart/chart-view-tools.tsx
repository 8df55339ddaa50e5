/**
 * The view's way home, loaded after the first candle (none of it is on the first page): a » button
 * at the chart's bottom-right while the latest bar is out of view (TradingView's), the End key and
 * a double-click on the time axis for the same, and a menu on the chart's right-click to go to a
 * date (Alt+G) or reset the scales (Alt+R). The keys act on the layout's active chart only, and so
 * does a moment asked for (an alert's trigger time: chart-moment), whose code loads then. The
 * price axis's label reads the live price, scrolled back too (live-price-label), and the legend
 * keeps off the price axis however wide its prices (legend-fit). An older page on its way is said
 * here too: that only happens once the chart has candles.
 */
import { t } from '../../i18n/t';
import { useLanguage } from '../../i18n/use-language';
import { Suspense, useCallback, useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { lazyWithPreload } from '../../components/lazy-with-preload';
import { useAppStore } from '../../store/app-store';
import { chartDataset } from './chart-identity';
import { INTERVAL_MS } from '#shared/interval-length.ts';
import { useAppServices } from '../../queries/app-services-context';
import { chartMomentRequest } from './chart-moment';
import type { ChartSurface } from './chart-surface';
import type { ViewToolsHold } from './view-tools-hold';
import { isViewKeyFor, viewKeyAction, type ViewKeyAction } from './view-key';
import { fitLegendToPanes } from './legend-fit';
import { showLivePriceLabel } from './live-price-label';
import { awayFromLatest, chartTimeOfDate, goToDay, heldTimes, resetScale, scrollToLatest } from './view-moves';
import { holdKeysWhileOpening } from '../../lib/keys-while-opening';

const goToDateDialog = lazyWithPreload(() => import('./go-to-date-dialog').then((module) => module.GoToDateDialog));
// A bar replay from the menu: from the candle under it, or from a date (features/replay, on demand).
const replayDialog = lazyWithPreload(() => import('../replay/replay-switch').then((m) => m.loadReplay()).then((m) => m.ReplayStartDialog));

/** Whether a pointer at clientY is on the time axis (the library's bottom row, under the panes). */
function onTimeAxis(element: HTMLElement, clientY: number): boolean {
  const axisHeight = element.querySelector('table tr:last-child')?.getBoundingClientRect().height ?? 0;
  return clientY >= element.getBoundingClientRect().bottom - axisHeight;
}

export interface ChartViewToolsProps {
  surface: ChartSurface;
  /** The layout's active chart: the keys act on it. */
  active: boolean;
  /** An older page is on its way (scrolled back, or going to a date): said at the bottom-left. */
  loadingOlder: boolean;
  /**
   * What was done on the chart before these tools were there: a right-click (their menu opens where
   * it was) and a view key (done once they are).
   */
  held?: Omit<ViewToolsHold, 'listen'>;
}

export function ChartViewTools({ surface, active, loadingOlder, held }: ChartViewToolsProps) {
  useLanguage();
  const { chart, element, priceSeries } = surface;
  const onDataChange = useCallback((callback: () => void) => surface.onDataChange(callback), [surface]);
  const [away, setAway] = useState(false);
  const [menuAt, setMenuAt] = useState<{ x: number; y: number } | undefined>(() => held?.menuAt());
  // Alt+G held before these tools were there opens the dialog now (the keys typed after it: below).
  const [dateOpen, setDateOpen] = useState(() => held?.viewKey() === 'date');
  // The replay's dialog: open with the instant it starts from (undefined: none picked).
  const [replayAt, setReplayAt] = useState<{ at: number | undefined } | undefined>(undefined);
  const services = useAppServices();

  useEffect(() => {
    const scale = chart.timeScale();
    const check = (): void => {
      setAway(awayFromLatest(scale.scrollPosition()));
    };
    scale.subscribeVisibleLogicalRangeChange(check);
    check();
    return () => {
      scale.unsubscribeVisibleLogicalRangeChange(check);
    };
  }, [chart]);

  useEffect(() => {
    const undo = showLivePriceLabel(surface);
    return () => {
      // A chart being removed (its element already out of the page) takes its label with it.
      if (element.isConnected) undo();
    };
  }, [surface, element]);

  useEffect(() => {
    // The legend's box: the chart element's sibling over it (candle-chart).
    const box = element.parentElement?.querySelector<HTMLElement>('[data-testid="chart-legend"]')?.parentElement;
    if (!box) return undefined;
    const undo = fitLegendToPanes(surface, box);
    return () => {
      if (element.isConnected) undo();
    };
  }, [surface, element]);

  // The library's own double-click on the time axis resets its spacing; this brings the latest bar too.
  useEffect(() => {
    const doubleClick = (event: MouseEvent): void => {
      if (onTimeAxis(element, event.clientY)) scrollToLatest(chart);
    };
    const contextMenu = (event: MouseEvent): void => {
      event.preventDefault();
      setMenuAt({ x: event.clientX, y: event.clientY });
    };
    held?.forgetMenu();
    element.addEventListener('dblclick', doubleClick);
    element.addEventListener('contextmenu', contextMenu);
    return () => {
      element.removeEventListener('dblclick', doubleClick);
      element.removeEventListener('contextmenu', contextMenu);
    };
  }, [chart, element, held]);

  useEffect(() => {
    if (!active) return undefined;
    const act = (action: ViewKeyAction): void => {
      if (action === 'latest') scrollToLatest(chart);
      else if (action === 'reset') resetScale(chart);
      else {
        // The date typed while the dialog loads must not reach the page's interval keys.
        holdKeysWhileOpening();
        setDateOpen(true);
      }
    };
    const keyDown = (event: KeyboardEvent): void => {
      const action = viewKeyAction(event);
      if (!action || !isViewKeyFor(event, element)) return;
      event.preventDefault();
      act(action);
    };
    document.addEventListener('keydown', keyDown);
    // A press held before these tools listened. Alt+G opened the dialog as they mounted: the keys
    // typed after it are pressed again, into the holding for its field.
    const heldKey = held?.takeViewKey();
    if (heldKey?.action === 'date') {
      holdKeysWhileOpening();
      for (const key of heldKey.typed) window.dispatchEvent(new KeyboardEvent('keydown', key));
    } else if (heldKey) act(heldKey.action);
    return () => {
      document.removeEventListener('keydown', keyDown);
    };
  }, [active, chart, element, held]);

  // The active chart's series: a moment asked for it is taken once the chart shows it.
  const dataset = useAppStore((state) => chartDataset(state.workspace.symbol, state.workspace.type, state.workspace.interval));
  const interval = useAppStore((state) => state.workspace.interval);
  useEffect(() => {
    if (!active) return undefined;
    let gone = false;
    let taking: unknown;
    let cancel: (() => void) | undefined;
    const take = (): void => {
      const moment = chartMomentRequest.get();
      if (moment?.dataset !== dataset || moment === taking) return;
      taking = moment;
      void import('./chart-moment-view').then(({ showChartMoment }) => {
        // Taken only here: StrictMode's second run, and a newer moment, find it still asked for.
        if (gone || chartMomentRequest.get() !== moment) return;
        chartMomentRequest.set(undefined);
        cancel?.();
        cancel = showChartMoment(surface, moment.time);
      });
    };
    take();
    const off = chartMomentRequest.subscribe(take);
    return () => {
      gone = true;
      off();
      cancel?.();
    };
  }, [active, dataset, surface]);

  const goTo = useCallback(
    (text: string): boolean => {
      const day = chartTimeOfDate(text);
      if (day === undefined) return false;
      goToDay(chart, () => heldTimes(priceSeries.data()), onDataChange, day);
      return true;
    },
    [chart, priceSeries, onDataChange],
  );
  const closeDate = useCallback(() => {
    setDateOpen(false);
  }, []);

  return (
    <>
      {loadingOlder && (
        <span
          role="status"
          className="pointer-events-none absolute bottom-9 left-2 z-10 rounded bg-white/70 px-1 text-xs text-slate-500 dark:bg-slate-900/70 dark:text-slate-400"
        >
          {t('Loading older candles…')}
        </span>
      )}
      {away && (
        <button
          type="button"
          // Just inside the panes' corner, left of the price axis and above the time axis.
          style={{ right: chart.priceScale('right').width() + 8, bottom: chart.timeScale().height() + 8 }}
          // The first page's own utility classes: a class new to the app would grow its stylesheet.
          className="absolute z-10 rounded border border-slate-300 bg-white/90 px-1.5 text-sm leading-5 text-slate-700 shadow dark:border-slate-600 dark:bg-slate-800 dark:text-slate-200"
          aria-label={t('Scroll to the latest bar')}
          title={`${t('Scroll to the latest bar')} (End)`}
          onClick={() => {
            scrollToLatest(chart);
          }}
        >
          »
        </button>
      )}
      {menuAt && (
        <ViewMenu
          at={menuAt}
          onClose={() => {
            setMenuAt(undefined);
          }}
          onLatest={() => {
            scrollToLatest(chart);
          }}
          onReset={() => {
            resetScale(chart);
          }}
          onDate={() => {
            holdKeysWhileOpening();
            setDateOpen(true);
          }}
          onReplayHere={() => {
            const box = element.getBoundingClientRect();
            const candle = surface.candleNear(menuAt.x - box.left);
            if (!candle) return;
            // From the picked candle's end: it is the last one shown, whole.
            const close = Math.min(candle.time + (INTERVAL_MS[interval] ?? 86_400_000), services.clock.now() - 60_000);
            const symbol = useAppStore.getState().workspace;
            void import('../replay/replay-switch')
              .then((m) => m.loadReplay())
              .then((m) => m.startReplay(services, { symbol: symbol.symbol, type: symbol.type, start: close, position: close, blind: false }));
          }}
          onReplayDate={() => {
            holdKeysWhileOpening();
            const box = element.getBoundingClientRect();
            setReplayAt({ at: surface.candleNear(menuAt.x - box.left)?.time });
          }}
        />
      )}
      {replayAt && (
        <Suspense fallback={null}>
          <replayDialog.Component
            at={replayAt.at}
            onClose={() => {
              setReplayAt(undefined);
            }}
          />
        </Suspense>
      )}
      {dateOpen && (
        <Suspense fallback={null}>
          <goToDateDialog.Component onGo={goTo} onClose={closeDate} />
        </Suspense>
      )}
    </>
  );
}

interface ViewMenuProps {
  at: { x: number; y: number };
  onClose: () => void;
  onLatest: () => void;
  onReset: () => void;
  onDate: () => void;
  onReplayHere: () => void;
  onReplayDate: () => void;
}

/** The chart's right-click menu: each item runs and closes it; Escape or a press elsewhere closes it. */
function ViewMenu({ at, onClose, onLatest, onReset, onDate, onReplayHere, onReplayDate }: ViewMenuProps) {
  const [box, setBox] = useState<HTMLDivElement | null>(null);
  useEffect(() => {
    if (!box) return undefined;
    box.querySelector('button')?.focus();
    const away = (event: PointerEvent): void => {
      if (!box.contains(event.target as Node)) onClose();
    };
    const escape = (event: KeyboardEvent): void => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('pointerdown', away);
    document.addEventListener('keydown', escape);
    return () => {
      document.removeEventListener('pointerdown', away);
      document.removeEventListener('keydown', escape);
    };
  }, [box, onClose]);
  const items: readonly [string, string, () => void][] = [
    [t('Go to date…'), 'Alt+G', onDate],
    [t('Reset chart'), 'Alt+R', onReset],
    [t('Scroll to the latest bar'), 'End', onLatest],
    [t('Replay from here'), '', onReplayHere],
    [t('Replay from a date…'), '', onReplayDate],
  ];
  // In a portal: the chart's box clips what overflows it, and the page's grid would cover it.
  return createPortal(
    <div
      ref={setBox}
      role="menu"
      aria-label={t('Chart')}
      className="fixed z-50 rounded border border-slate-200 bg-white py-1 text-xs text-slate-900 shadow-lg dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
      style={{ left: at.x, top: at.y, minWidth: 192 }}
    >
      {items.map(([label, keys, run]) => (
        <button
          key={label}
          type="button"
          role="menuitem"
          className="flex w-full justify-between gap-4 px-3 py-1 text-left hover:bg-slate-100 dark:hover:bg-slate-800"
          onClick={() => {
            onClose();
            run();
          }}
        >
          <span>{label}</span>
          <kbd className="text-slate-500">{keys}</kbd>
        </button>
      ))}
    </div>,
    document.body,
  );
}
