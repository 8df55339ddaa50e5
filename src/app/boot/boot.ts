/**
 * The page's only script, and a small one: the data's clock from the page, the app's services
 * (app-services.ts), the workspace from the URL, the first screen's requests, the chart drawn first
 * into the static shell's chart slot (src/features/chart/early-chart.ts), the quote written into
 * the shell's header (shell-quote.ts), and only then the app
 * (src/main.tsx: React and the panels, a chunk of its own, rendered over the shell), mounted on the
 * same services. The requests leave while the app downloads and
 * compiles, instead of after it.
 */
import { onlineManager } from '@tanstack/react-query';
import { prefetchWorkspace } from '../../queries/prefetch-workspace';
import { prefetchTraditionalScript } from '../../queries/traditional-script-query';
import { useAppStore } from '../../store/app-store';
import { applyTheme } from '../theme';
import { requestStatsOf } from '../request-stats';
import { linkView } from '../url-state';
import { startEarlyChart } from '../../features/chart/early-chart';
import { loadReplay, namesReplay } from '../../features/replay/replay-param';
import { createPageServices } from './app-services';
import { holdEarlyKeys } from './early-keys';
import { markFirstQuote } from './first-quote-mark';
import { applyPageClock } from './page-clock';
import { prefetchOnWorkspaceChange } from './prefetch-on-change';
import { showShellQuote } from './shell-quote';
import { afterNextPaint } from '../../lib/yield-to-page';
import { createServerClock } from '../../time/server-clock';
import { FIRST_CANDLE_BOUND_MS, markOrBound, TIMING_MARKS } from '../../lib/timing-marks';
import { offlineDataKept } from '../offline/kept-flag';
// The page's style sheet, the static shell's and the app's (the build lists it in index.html).
import '../../index.css';

// The network as the browser knows it from the start (TanStack Query assumes it up until an event
// says otherwise): offline, the queries wait for it instead of failing.
onlineManager.setOnline(navigator.onLine);
// A repeat visit: the market data kept for offline visits starts loading at once (src/app/offline/).
const offlineSide = offlineDataKept() ? import('../offline/offline-start') : undefined;
/** Longest an offline page waits for its kept data before drawing what it has. */
const RESTORE_WAIT_MS = 500;

const clock = createServerClock();
applyPageClock(clock);
holdEarlyKeys();
const services = createPageServices(clock);
// The status bar's figures count from the first request, though the bar itself comes later.
requestStatsOf(services.api);
/** The kept market data back in the query cache; waited for only offline (online, the server answers first). */
async function restoreKeptData(): Promise<void> {
  const restored = offlineSide?.then(({ restoreOfflineAnswers }) => restoreOfflineAnswers(services)).catch(() => undefined);
  if (!restored || onlineManager.isOnline()) return;
  await Promise.race([restored, new Promise((resolve) => setTimeout(resolve, RESTORE_WAIT_MS))]);
}

/** The first screen, from the saved state. */
async function start(): Promise<void> {
  await restoreKeptData();
  // The URL's workspace from the first render on (useUrlSync keeps them in step and reports bad values).
  const { workspace } = linkView(window.location.search, useAppStore.getState().layout);
  useAppStore.getState().replaceWorkspace(workspace);
  const replayLink = namesReplay(window.location.search);
  // A replay's panels ask the replay for their data: the live answers would only be thrown away.
  if (!replayLink) prefetchWorkspace(services, workspace);
  // In zh-TW and zh-HK, the names the data has in Simplified only wait for this converter.
  prefetchTraditionalScript(services.queryClient, useAppStore.getState().preferences.language);
  prefetchOnWorkspaceChange(services);
  markFirstQuote(services.queryClient, workspace.symbol, workspace.type);
  // The page's colours before anything is drawn (the early chart, then the app).
  const { theme, colors, collapsed } = useAppStore.getState().preferences;
  applyTheme(theme, colors);
  // The folded side columns too (app.tsx sets the same): the early chart is drawn as wide as the app's.
  const grid = document.querySelector('.app-grid');
  for (const [column, folded] of Object.entries(collapsed)) grid?.setAttribute(`data-fold-${column}`, String(folded));

  // Not awaited: the app reports its own failures; the boot has nothing left to do.
  // The quote after the candles: its text is the page's first, and setting up the fonts for it
  // should not hold the candles back. A replay link draws no live chart or quote first: the app
  // mounts on the replay once it runs (or live, if it cannot start).
  const firstScreen = replayLink
    ? loadReplay().then(
        (replay) => {
          replay.startFromLink(services);
        },
        () => undefined,
      )
    : startEarlyChart(services, workspace).then(() => {
        const { language } = useAppStore.getState().preferences;
        // The quote on screen before the app's chunk is evaluated: that task (70 ms on a phone)
        // would otherwise hold back the frame that shows it, for the price of one frame.
        const quoteWritten = showShellQuote(services.queryClient, language, workspace.symbol, workspace.type);
        return quoteWritten ? afterNextPaint() : undefined;
      });
  void firstScreen
    .then(() => import('../../main'))
    .then(({ mountApp }) => {
      mountApp(services);
    });
  // After the first candle: the offline side keeps what is seen and registers the service worker.
  void markOrBound(TIMING_MARKS.firstCandle, FIRST_CANDLE_BOUND_MS)
    .then(() => offlineSide ?? import('../offline/offline-start'))
    .then(({ startOfflineSupport }) => {
      startOfflineSupport(services);
    });
}

// A state saved by an older version is read once its migrations have loaded (one small chunk, once).
const begin = (): void => {
  void start();
};
if (useAppStore.persist.hasHydrated()) begin();
else useAppStore.persist.onFinishHydration(begin);
