/**
 * Starts the browser's sync with the user's workspace on the server (src/store/records/
 * server-sync.ts) in one tab of the browser: the first to take the `chartroom.workspace-sync`
 * lock, held until the tab closes, when the next tab takes over. The other tabs get the server's
 * changes from it, through the tabs' own exchange. It follows the server's event stream of the
 * user's revision, so another device's change shows here as soon as it is stored, and sends what
 * waited offline when the browser is back. `data-workspace-sync` on the root element says how it
 * goes. Loaded after the first candle, with the tabs' exchange.
 */
import { WORKSPACE_EVENTS_PATH } from '#shared/workspace-protocol.ts';
import { alertRecords } from '../../features/alerts/alert-records';
import { drawingRecords } from '../../features/chart/drawings/drawing-records';
import { PAPER_STORE } from '../../features/paper/paper-records';
import { t } from '../../i18n/t';
import { useAppStore } from '../../store/app-store';
import { appRecords } from '../../store/records/app-records';
import { ServerSync, type SyncStatus } from '../../store/records/server-sync';
import { recordsChannelName } from '../../store/records/tab-sync';
import { wallClock } from '../../time/clock';
import { askWorkspaceChoice } from './choice-dialog';
import { overruledRename } from './overruled-rename';
import { workspaceSyncState } from '../../store/records/sync-state';
import { workspaceTransport } from './workspace-transport';

const LOCK = 'chartroom.workspace-sync';
/** Offline this long before the page says so (a blip passes unannounced). */
const OFFLINE_NOTICE_MS = 5_000;
let started = false;

const offlineText = (): string => t('Offline: changes to your workspace are kept in this browser and sent when the server is back.');

/** The offline notice shown while the sync stays offline, gone once it is back. */
function offlineNotice(): (state: SyncStatus['state']) => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const dismiss = (): void => {
    const { notices, dismissNotice } = useAppStore.getState();
    for (const notice of notices) if (notice.text === offlineText) dismissNotice(notice.id);
  };
  return (state) => {
    if (state === 'offline') {
      timer ??= setTimeout(() => {
        useAppStore.getState().pushNotice('info', offlineText);
      }, OFFLINE_NOTICE_MS);
      return;
    }
    clearTimeout(timer);
    timer = undefined;
    dismiss();
  };
}

function run(tab: string): void {
  let events: EventSource | undefined;
  const offline = offlineNotice();
  const follow = (sync: ServerSync, status: SyncStatus): void => {
    document.documentElement.dataset.workspaceSync = status.state;
    workspaceSyncState.set(status.state);
    offline(status.state);
    if (status.state === 'refused')
      useAppStore.getState().pushNotice('warning', () => t('Your workspace could not be saved on the server: {message}', { message: status.message }));
    if (status.state === 'local-only' || status.state === 'signed-out') {
      events?.close();
      return;
    }
    // The stream opens once the first contact is done (a server without a workspace never sees it).
    if (events || (status.state !== 'synced' && status.state !== 'sending')) return;
    events = new EventSource(WORKSPACE_EVENTS_PATH);
    let opened = false;
    events.addEventListener('rev', (event) => {
      sync.heard(Number((event as MessageEvent<string>).data));
    });
    // After a reconnect: what was stored meanwhile.
    events.addEventListener('open', () => {
      if (opened) sync.sync();
      opened = true;
    });
    // The stream lost (the server gone, the network down, signed out elsewhere): a round tells
    // which, so an idle desk does not go on saying synced.
    events.addEventListener('error', sync.sync);
  };
  const sync: ServerSync = new ServerSync({
    transport: workspaceTransport,
    stores: [
      {
        name: appRecords.store,
        ...(appRecords.merges && { merges: appRecords.merges }),
        defaults: appRecords.values(useAppStore.getInitialState()),
        incidental: ['symbol-types'],
        deviceOnly: ['layout'],
      },
      { name: drawingRecords.store, defaults: new Map() },
      { name: alertRecords.store, defaults: new Map() },
      { name: PAPER_STORE, defaults: new Map() },
      // The saved screens' store name (src/features/screener/screen-records.ts), not imported: the screener loads on demand.
      { name: 'screens', defaults: new Map() },
    ],
    channelOf: (store) => new BroadcastChannel(recordsChannelName(store)),
    storage: localStorage,
    id: `sync-${tab}`,
    now: () => wallClock.now(),
    ask: askWorkspaceChoice,
    onStatus: (status) => {
      follow(sync, status);
    },
    onCombined: (change) => {
      const overruled = overruledRename(change);
      if (overruled)
        useAppStore
          .getState()
          .pushNotice('info', () => t('Your rename to “{mine}” was not kept: another device renamed the list “{theirs}” at the same time.', overruled));
    },
  });
  sync.start();
  window.addEventListener('online', sync.sync);
  window.addEventListener('offline', sync.sync);
}

export function startServerSync(tab: string): void {
  if (started || typeof BroadcastChannel !== 'function' || typeof fetch !== 'function') return;
  started = true;
  // Held for the tab's life; without Web Locks (old browsers) every tab syncs, which the
  // per-record merges make safe, only busier.
  if ('locks' in navigator)
    void navigator.locks.request(LOCK, () => {
      run(tab);
      return new Promise<never>(() => undefined);
    });
  else run(tab);
}
