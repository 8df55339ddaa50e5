/**
 * The offline side of the page, in one chunk: the kept market data put back into the query cache
 * as the page opens (a repeat visit: the boot imports this at once), then, after the first
 * candle, kept from here on, and the service worker registered.
 */
import type { AppServices } from '../../queries/app-services';
import { wallClock } from '../../time/clock';
import { DOWNLOAD_FAILED_EVENT } from '../../components/lazy-with-preload';
import { markOfflineDataKept } from './kept-flag';
import { indexedDbStore } from './idb-store';
import { keepOfflineCache, restoreOfflineCache } from './offline-cache';
import { checkForNewBuild, registerServiceWorker } from './service-worker-client';
import { noteRestoredAnswers } from './offline-state';

const store = indexedDbStore();

/** Puts the kept answers back into the page's query cache; resolves once done (or failed). */
export async function restoreOfflineAnswers({ queryClient }: Pick<AppServices, 'queryClient'>): Promise<void> {
  noteRestoredAnswers(await restoreOfflineCache(queryClient, store, wallClock.now()));
}

let started = false;

/** From the first candle on: keeps the answers, registers the worker, listens for a new build. */
export function startOfflineSupport({ queryClient }: Pick<AppServices, 'queryClient'>): void {
  if (started) return;
  started = true;
  keepOfflineCache(queryClient, store, wallClock.now);
  markOfflineDataKept();
  registerServiceWorker();
  window.addEventListener(DOWNLOAD_FAILED_EVENT, () => {
    if (navigator.onLine) void checkForNewBuild();
  });
}
