/**
 * Starts the exchange of record changes between tabs (src/store/records/tab-sync.ts) for every
 * persisted store: the app's, the drawings', the alerts'; then the sync of the three with the
 * user's workspace on the server (workspace-sync/), a shared link's dialog, and a link's moment
 * (`at=`, an alert's trigger time: url-moment.ts). Loaded after the first candle.
 */
import type { StoreApi } from 'zustand';
import { alertRecords } from '../features/alerts/alert-records';
import { useAlertsStore } from '../features/alerts/alerts-store';
import { drawingRecords } from '../features/chart/drawings/drawing-records';
import { useDrawingsStore } from '../features/chart/drawings/drawings-store';
import { useAppStore } from '../store/app-store';
import { appRecords } from '../store/records/app-records';
import { savedStateReadAt } from '../store/persisted-store';
import { recordsChannelName, startTabSync, type RecordAdapter } from '../store/records/tab-sync';
import { wallClock } from '../time/clock';
import { linkAtLoad, shareAtLoad } from './workspace-sync/share-at-load';

let started = false;

function share<S>(store: StoreApi<S> & { persist: { getOptions: () => { name?: string } } }, adapter: RecordAdapter<S>, tab: string): void {
  const savedAs = store.persist.getOptions().name;
  startTabSync(store, adapter, {
    channel: new BroadcastChannel(recordsChannelName(adapter.store)),
    storage: localStorage,
    tab,
    // Wall-clock time, as performance.timeOrigin is (not the market data's clock).
    now: () => wallClock.now(),
    loadedAt: (savedAs === undefined ? undefined : savedStateReadAt(savedAs)) ?? performance.timeOrigin,
  });
}

export function startTabSyncs(): void {
  if (started || typeof BroadcastChannel !== 'function') return;
  started = true;
  const tab = `${wallClock.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
  share(useAppStore, appRecords, tab);
  share(useDrawingsStore, drawingRecords, tab);
  share(useAlertsStore, alertRecords, tab);
  // The paper account: its store and schema load with it, after the first candle, in their own chunk.
  void Promise.all([import('../features/paper/paper-store'), import('../features/paper/paper-records')]).then(([{ usePaperStore }, { paperRecords }]) => {
    share(usePaperStore, paperRecords, tab);
  });
  // The saved screens: their store and schema load with it, after the first candle, in their own chunk.
  void import('../features/screener/screen-records').then(({ screenRecords, useScreensStore }) => {
    share(useScreensStore, screenRecords, tab);
  });
  void import('./workspace-sync/start-server-sync').then((sync) => {
    sync.startServerSync(tab);
  });
  // A shared link opens after the first candle too, over the app.
  const shared = shareAtLoad();
  if (shared !== undefined)
    void import('./workspace-sync/open-share').then((share) => {
      share.openShare(shared);
    });
  // So does the active chart go to a link's moment (its code loads only then).
  const link = linkAtLoad();
  if (link.has('at'))
    void import('./url-moment').then((moment) => {
      moment.showMomentOfLinkAtLoad(`?${link.toString()}`);
    });
}
