/**
 * The offline side of the page, in one chunk: the kept market data put back into the query cache
 * as the page opens (a repeat visit: the boot imports this at once), then, after the first
 * candle, kept from here on, and the service worker registered.
 */
import type { AppServices } from '../../queries/app-services';
import { wallClock } from '../../time/clock';
import { isServerClock } from '../../time/server-clock';
import { DOWNLOAD_FAILED_EVENT, SIGNED_OUT_EVENT } from '../../lib/page-events';
import { OFFLINE_KEPT_FLAG } from './kept-flag';
import { indexedDbStore } from './idb-store';
import { keepOfflineCache, restoreOfflineCache } from './offline-cache';
import { checkForNewBuild, registerServiceWorker } from './service-worker-client';

const store = indexedDbStore();

/**
 * Puts the kept answers back into the page's query cache; resolves once done (or failed). A page
 * that has not learnt the data's clock (the worker's shell, offline) takes the offset kept with
 * them: the kept candles' market is then as far from "now" as when they were kept.
 */
export async function restoreOfflineAnswers({ queryClient, clock }: Pick<AppServices, 'queryClient' | 'clock'>): Promise<void> {
  const { clockOffsetMs } = await restoreOfflineCache(queryClient, store, wallClock.now());
  if (clockOffsetMs === undefined || clock.known() || !isServerClock(clock)) return;
  const browserNow = wallClock.now();
  clock.note(browserNow + clockOffsetMs, browserNow);
}

/** The boot's flag (kept-flag.ts): set, a repeat visit reads the kept data at once. */
function flagKeptData(kept: boolean): void {
  try {
    if (kept) localStorage.setItem(OFFLINE_KEPT_FLAG, '1');
    else localStorage.removeItem(OFFLINE_KEPT_FLAG);
  } catch {
    // Storage refused (private mode, quota): the next visit restores nothing, and works online.
  }
}

let started = false;

/** From the first candle on: keeps the answers, registers the worker, listens for a new build. */
export function startOfflineSupport({ queryClient, clock }: Pick<AppServices, 'queryClient' | 'clock'>): void {
  if (started) return;
  started = true;
  const stopKeeping = keepOfflineCache(queryClient, store, wallClock.now, () => (clock.known() ? clock.now() - wallClock.now() : undefined));
  flagKeptData(true);
  // Signed out: the market data kept for this user's offline visits goes, and nothing more is kept.
  window.addEventListener(SIGNED_OUT_EVENT, () => {
    stopKeeping();
    flagKeptData(false);
    void store.clear().catch(() => undefined);
  });
  registerServiceWorker();
  window.addEventListener(DOWNLOAD_FAILED_EVENT, () => {
    if (navigator.onLine) void checkForNewBuild();
  });
}
