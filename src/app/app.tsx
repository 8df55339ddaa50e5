/**
 * The app shell: composes the features into one screen — header, watchlist, the tabbed main
 * area, markets, status bar — each feature in its own Panel so one failure stays local. The
 * panels beside the chart load once its first candle is drawn; panels not on the first screen load
 * on demand.
 */
import { t } from '../i18n/t';
import { useLanguage } from '../i18n/use-language';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useCallback, useEffect, type ReactNode } from 'react';
import { lazyWithPreload } from '../components/lazy-with-preload';
import { Panel } from '../components/ui/panel';
import { loadErrorTexts } from '../components/ui/use-error-text';
import { prefetchCatalog } from '../queries/use-catalog';
import { ChartPanel } from '../features/chart/chart-panel';
import { PaletteDraft } from '../features/search/palette-draft';
import { useAppStore } from '../store/app-store';
import type { PanelTab } from '../store/workspace-slice';
import { AppHeader } from './app-header';
import { useLaunchShortcut } from './use-launch-shortcut';
import { PanelTabs, tabLabel } from './panel-tabs';
import { usePhoneScreens } from './use-phone-screens';
import { useShortcuts } from './use-shortcuts';
import { useSearchOpening } from './use-search-opening';
import { useDocumentLanguage } from './use-document-language';
import { useTheme } from './use-theme';
import { useUrlSync } from './use-url-sync';
import { useAfterFirstCandle } from './use-after-first-candle';
import { AppServicesProvider, useAppServices } from '../queries/app-services-context';
import { loadReplay, REPLAY_PARAM, useReplayRun } from '../features/replay/replay-switch';

// Beside the chart: rendered (and so downloaded) once the first candle is drawn, so neither
// their bytes nor their evaluation stand between the page and that candle.
const watchlist = lazyWithPreload(() => import('../features/watchlist/watchlist-panel').then((m) => m.WatchlistPanel));
// The right column: markets and alerts (with the alerts' runtime: feeds, dialog, lines, toasts).
const sideColumn = lazyWithPreload(() => import('./side-column').then((m) => m.SideColumn));
// The status bar: its figures are collected from the boot on (request-stats.ts); the bar shows them after the first candle.
const statusBar = lazyWithPreload(() => import('./status-bar').then((m) => m.StatusBar));
const StatusBar = statusBar.Component;
// Below lg, the bar that switches to the watchlists or the markets: they come after the first candle, and so does it.
const screenBar = lazyWithPreload(() => import('./screen-bar').then((m) => m.ScreenBar));
const ScreenBar = screenBar.Component;
const WatchlistPanel = watchlist.Component;
const SideColumn = sideColumn.Component;
// The notices (a link's bad values, a repaired store) and an ambiguous symbol's question: rare,
// and with the early chart the app mounts after the first candle anyway.
const Notices = lazyWithPreload(() => import('./notices').then((m) => m.Notices)).Component;
// A side column's fold button and handle: the columns are empty until the first candle anyway.
const ColumnFold = lazyWithPreload(() => import('./column-fold').then((m) => m.ColumnFold)).Component;

// Loaded when opened; pointing at (or focusing) a tab or the search button starts the download.
const intraday = lazyWithPreload(() => import('../features/intraday/intraday-panel').then((m) => m.IntradayPanel));
const stockInfo = lazyWithPreload(() => import('../features/stock-info/stock-info-panel').then((m) => m.StockInfoPanel));
const trades = lazyWithPreload(() => import('../features/trades/trades-panel').then((m) => m.TradesPanel));
const hkMarket = lazyWithPreload(() => import('../features/hk-market/hk-market-panel').then((m) => m.HkMarketPanel));
const screener = lazyWithPreload(() => import('../features/screener/screener-panel').then((m) => m.ScreenerPanel));
const orderBook = lazyWithPreload(() => import('../features/order-book/order-book-panel').then((m) => m.OrderBookPanel));
const search = lazyWithPreload(() => import('../features/search/search-palette').then((m) => m.SearchPalette));
const IntradayPanel = intraday.Component;
const StockInfoPanel = stockInfo.Component;
const TradesPanel = trades.Component;
const HkMarketPanel = hkMarket.Component;
const OrderBookPanel = orderBook.Component;
const ScreenerPanel = screener.Component;
const SearchPalette = search.Component;
// Two to four charts: loaded when a layout shows them.
const chartGrid = lazyWithPreload(() => import('../features/chart/layout/chart-grid').then((m) => m.ChartGrid));
const ChartGrid = chartGrid.Component;
// A bar replay's controls: loaded when a replay starts (a link's, or the chart menu's).
const ReplayBar = lazyWithPreload(() => loadReplay().then((m) => m.ReplayBar)).Component;
// How many charts: with the panels beside the chart, after its first candle.
const LayoutButton = lazyWithPreload(() => import('../features/chart/layout/layout-button').then((m) => m.LayoutButton)).Component;

/** The chart tab: one chart, or the layout's charts. */
function ChartArea({ afterFirstCandle }: { afterFirstCandle: boolean }) {
  const single = useAppStore((state) => state.layout.kind === '1');
  if (single) return <ChartPanel afterFirstCandle={afterFirstCandle} />;
  return (
    <Suspense fallback={<ChartPanel afterFirstCandle={afterFirstCandle} />}>
      <ChartGrid afterFirstCandle={afterFirstCandle} />
    </Suspense>
  );
}

const PRELOAD_TAB: Record<PanelTab, () => void> = {
  chart: () => undefined,
  intraday: intraday.preload,
  info: stockInfo.preload,
  trades: trades.preload,
  hk: hkMarket.preload,
  book: orderBook.preload,
  screener: screener.preload,
};

function preloadTab(tab: PanelTab): void {
  PRELOAD_TAB[tab]();
}

function Loading() {
  return <p className="p-3 text-sm text-slate-500">{t('Loading…')}</p>;
}

function tabContent(tab: PanelTab, afterFirstCandle: boolean): ReactNode {
  switch (tab) {
    case 'chart':
      return <ChartArea afterFirstCandle={afterFirstCandle} />;
    case 'intraday':
      return <IntradayPanel />;
    case 'info':
      return <StockInfoPanel />;
    case 'trades':
      return <TradesPanel />;
    case 'hk':
      return <HkMarketPanel />;
    case 'book':
      return <OrderBookPanel />;
    case 'screener':
      return <ScreenerPanel />;
  }
}

export function App() {
  // Every panel renders again in a new language (the store switches once the catalog is in).
  useLanguage();
  // Pointing at search (or opening it) starts the palette's code and the catalogue it searches together.
  const queryClient = useQueryClient();
  // Open: the draft of what is typed while the palette's code downloads (the palette starts from it).
  const searchOpening = useSearchOpening(
    useCallback(() => {
      prefetchCatalog(queryClient);
    }, [queryClient]),
  );
  const { draft: searchDraft, open: openSearch, close: closeSearch } = searchOpening;
  const searchIntent = useCallback(() => {
    search.preload();
    prefetchCatalog(queryClient);
  }, [queryClient]);
  useUrlSync();
  // A replay runs on its own services (its clock and feed): the tree mounts again on them.
  const services = useAppServices();
  const replay = useReplayRun();
  useEffect(() => {
    if (new URLSearchParams(window.location.search).has(REPLAY_PARAM)) void loadReplay().then((m) => m.startFromLink(services));
  }, [services]);
  // Whether the page opened on the chart decides what renders first (only the first value counts).
  const besideChart = useAfterFirstCandle(useAppStore.getState().workspace.tab === 'chart');
  // The words for failures arrive with the panels beside the chart (they share its chunk); the
  // tabs' exchange of record changes starts then too.
  useEffect(() => {
    if (!besideChart) return;
    void loadErrorTexts();
    void import('./tab-sync').then((sync) => {
      sync.startTabSyncs();
    });
  }, [besideChart]);
  useTheme();
  useDocumentLanguage();
  useShortcuts(searchOpening);
  const { screen, show: setScreen, rendered } = usePhoneScreens();
  useLaunchShortcut(openSearch, setScreen);
  const collapsed = useAppStore((state) => state.preferences.collapsed);

  return (
    // The frame's classes (src/app/layout.css) are shared with index.html's static shell, which this replaces.
    <AppServicesProvider key={replay?.id ?? 'live'} services={replay?.services ?? services}>
      <div className="app-page">
        <AppHeader onSearch={openSearch} onSearchIntent={searchIntent} afterFirstCandle={besideChart} />
        {besideChart && (
          <Suspense fallback={null}>
            <Notices />
          </Suspense>
        )}
        <main className="app-grid" data-screen={screen} data-fold-watchlists={collapsed.watchlists} data-fold-markets={collapsed.markets}>
          <div className="app-watchlists">
            <Panel
              title={t('Watchlists')}
              id="watchlists"
              className="flex-1"
              actions={
                besideChart && (
                  <Suspense fallback={null}>
                    <ColumnFold column="watchlists" part="button" />
                  </Suspense>
                )
              }
            >
              <Suspense fallback={<Loading />}>{besideChart && rendered('watchlist') ? <WatchlistPanel /> : <Loading />}</Suspense>
            </Panel>
            {besideChart && (
              <Suspense fallback={null}>
                <ColumnFold column="watchlists" part="handle" />
              </Suspense>
            )}
          </div>
          <section aria-label={t('Main')} className="app-main">
            <PanelTabs
              onIntent={preloadTab}
              actions={(tab) =>
                tab === 'chart' &&
                besideChart && (
                  <Suspense fallback={null}>
                    <LayoutButton />
                  </Suspense>
                )
              }
              render={(tab) => (
                <Panel key={tab} title={tabLabel(tab)} id={tab} hideTitle className="flex-1 rounded-none border-0">
                  <Suspense fallback={<Loading />}>{tabContent(tab, besideChart)}</Suspense>
                </Panel>
              )}
            />
          </section>
          {/* Drawn whole once the chart is up, as the static shell leaves it empty until then. */}
          <section aria-label={t('Markets and alerts')} className="panel app-markets">
            {besideChart && (
              <Suspense fallback={null}>
                <ColumnFold column="markets" part="handle" />
                <SideColumn panelsShown={rendered('markets')} />
              </Suspense>
            )}
          </section>
        </main>
        {replay && (
          <Suspense fallback={null}>
            <ReplayBar />
          </Suspense>
        )}
        <div className="app-status">
          {besideChart && (
            <Suspense fallback={null}>
              <StatusBar />
            </Suspense>
          )}
        </div>
        {besideChart && (
          <Suspense fallback={null}>
            <ScreenBar screen={screen} onScreen={setScreen} />
          </Suspense>
        )}
        {searchDraft && (
          <Suspense fallback={<PaletteDraft draft={searchDraft} onClose={closeSearch} />}>
            <SearchPalette open onClose={closeSearch} draft={searchDraft} />
          </Suspense>
        )}
      </div>
    </AppServicesProvider>
  );
}
