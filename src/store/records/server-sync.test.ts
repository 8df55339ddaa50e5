/**
 * Browsers (each a tab of the app store and its server sync) in step through a server in memory
 * that stores changes by the server's own per-record rules (mergeChange with RECORD_MERGES, as
 * server/workspace/workspace-store.ts does on its database): edits shown on the other device,
 * offline edits merged on return, and the first contact that loses nothing without asking.
 */
import { describe, expect, it } from 'vitest';
import { createStore, type StoreApi } from 'zustand';
import { RECORD_MERGES } from '#shared/record-merges.ts';
import { mergeChange, type UserRecord } from '#shared/records.ts';
import type { AppState } from '../app-store';
import { appRecords } from './app-records';
import {
  HELD_KEY_PREFIX,
  ServerSync,
  SyncRefusal,
  type CombinedChange,
  type ServerRecord,
  type SyncChoice,
  type SyncStatus,
  type WorkspaceTransport,
} from './server-sync';
import { startTabSync, type RecordAdapter } from './tab-sync';
import { appStore, channelHub, memoryStorage } from './tabs.test-support';

const DEFAULTS = appRecords.values(appStore().getState());

/** A tab's alerts as plain values by id (the store's own adapter is a feature's; the merge rules are these). */
interface AlertsByIdState {
  alerts: Record<string, { symbol: string; level: number }>;
}

const alertsById: RecordAdapter<AlertsByIdState> = {
  store: 'alerts',
  sources: (state) => [state.alerts],
  values: (state) => new Map(Object.entries(state.alerts).map(([id, value]) => [`alert:${id}`, { kind: 'alert', value }])),
  apply: (store, values) => {
    store.setState({
      alerts: Object.fromEntries([...values].map(([id, { value }]) => [id.slice('alert:'.length), value as { symbol: string; level: number }])),
    });
  },
};

/** The user's records as the server keeps them, with the server's merge rules. */
function memoryServer() {
  const records = new Map<string, ServerRecord>();
  let serverRev = 0;
  const devices: ServerSync[] = [];
  return {
    /** Whose workspace it answers (the one signed in). */
    user: 'ann',
    records,
    devices,
    reads: 0,
    writes: 0,
    transport(device: {
      online: boolean;
      off?: boolean;
      refuse?: number;
      overLimit?: string;
      writesFail?: boolean;
      afterStore?: () => void;
    }): WorkspaceTransport {
      const reach = () => {
        if (!device.online) throw new TypeError('Failed to fetch');
        if (device.refuse !== undefined) throw new SyncRefusal(device.refuse, 'refused');
      };
      return {
        read: async (since) => {
          this.reads += 1;
          await Promise.resolve();
          reach();
          if (device.off) return undefined;
          const changed = [...records.values()].filter((record) => record.serverRev > since).sort((a, b) => a.serverRev - b.serverRev);
          return structuredClone({ user: this.user, serverRev, records: changed });
        },
        write: async (changes) => {
          this.writes += 1;
          await Promise.resolve();
          reach();
          if (device.writesFail) throw new TypeError('Failed to fetch');
          if (changes.some(({ store }) => store === device.overLimit)) throw new SyncRefusal(422, `too many in ${String(device.overLimit)}`);
          const stored: ServerRecord[] = [];
          for (const { store, from, to } of changes) {
            const held = new Map<string, UserRecord>([...records.values()].filter((record) => record.store === store).map((record) => [record.id, record]));
            const { changed } = mergeChange(held, from, to, RECORD_MERGES[store] ?? {});
            if (!changed) continue;
            serverRev += 1;
            const record: ServerRecord = { ...changed, store, serverRev };
            records.set(`${store}/${record.id}`, record);
            stored.push(record);
          }
          // The event stream: every device hears the new revision.
          for (const sync of devices) sync.heard(serverRev);
          // Stored, its answer still on the way back.
          device.afterStore?.();
          return structuredClone({ serverRev, stored });
        },
      };
    },
  };
}

type Server = ReturnType<typeof memoryServer>;

/** A browser with one tab and its sync; `choose` answers the first-contact question. */
function browser(
  server: Server,
  name: string,
  choose: SyncChoice = 'merge',
  pacing: { pushDelayMs: number; now?: () => number } = { pushDelayMs: 0 },
  storage = memoryStorage(),
) {
  const hub = channelHub();
  const device: { online: boolean; off: boolean; refuse?: number; overLimit?: string; writesFail?: boolean; afterStore?: () => void } = {
    online: true,
    off: false,
  };
  const store = appStore();
  const alerts = createStore<AlertsByIdState>()(() => ({ alerts: {} }));
  const statuses: SyncStatus[] = [];
  const combined: CombinedChange[] = [];
  let asked = 0;
  let clock = 1_000;
  const now = pacing.now ?? (() => (clock += 1));
  const open = (setUp: (state: AppState) => void = () => undefined) => {
    setUp(store.getState());
    startTabSync(store, appRecords, { channel: hub.channel(), storage, tab: `${name}-tab`, now, loadedAt: 0 });
    startTabSync(alerts, alertsById, { channel: hub.channel(), storage, tab: `${name}-tab`, now, loadedAt: 0 });
    const sync = new ServerSync({
      transport: server.transport(device),
      stores: [
        { name: 'app', merges: appRecords.merges, defaults: DEFAULTS, deviceOnly: ['layout'] },
        { name: 'drawings', defaults: new Map() },
        { name: 'alerts', defaults: new Map() },
      ],
      channelOf: () => hub.channel(),
      storage,
      id: `${name}-sync`,
      now,
      ask: () => {
        asked += 1;
        return Promise.resolve(choose);
      },
      onStatus: (status) => statuses.push(status),
      onCombined: (change) => combined.push(change),
      pushDelayMs: pacing.pushDelayMs,
    });
    server.devices.push(sync);
    sync.start();
    return sync;
  };
  return { store, alerts, device, statuses, combined, open, hub, storage, asked: () => asked };
}

/** Until every channel, timer and request has run out. */
async function settle(...browsers: { hub: { flush(): void } }[]) {
  for (let i = 0; i < 30; i += 1) {
    for (const { hub } of browsers) hub.flush();
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

const symbolsOf = (store: StoreApi<AppState>, id: string) => store.getState().watchlists.find((list) => list.id === id)?.symbols ?? [];
const listNames = (store: StoreApi<AppState>) => store.getState().watchlists.map((list) => list.name);

describe('the workspace on the server, from two browsers', () => {
  it('shows a symbol added on one browser on the other', async () => {
    const server = memoryServer();
    const desk = browser(server, 'desk');
    const phone = browser(server, 'phone');
    desk.open();
    await settle(desk);
    phone.open();
    await settle(desk, phone);
    desk.store.getState().addSymbol('us', 'IBM.US');
    await settle(desk, phone);
    expect(symbolsOf(phone.store, 'us')).toContain('IBM.US');
    expect(desk.statuses.at(-1)).toEqual({ state: 'synced' });
    expect(phone.asked()).toBe(0);
  });

  it('keeps each device’s charts on screen its own (the layout stays on the device)', async () => {
    const server = memoryServer();
    const desk = browser(server, 'desk');
    const phone = browser(server, 'phone');
    desk.open((state) => {
      state.updateLayout((layout) => ({ ...layout, kind: '2h' }));
    });
    await settle(desk);
    phone.open();
    await settle(desk, phone);
    desk.store.getState().updateLayout((layout) => ({ ...layout, kind: '4' }));
    desk.store.getState().addSymbol('us', 'IBM.US');
    await settle(desk, phone);
    expect(symbolsOf(phone.store, 'us')).toContain('IBM.US');
    expect(phone.store.getState().layout.kind).toBe('1');
    expect([...server.records.keys()].filter((key) => key.includes('layout'))).toEqual([]);
  });

  it('keeps an edit made while the one before it was on its way to the server (a note typed key by key)', async () => {
    const server = memoryServer();
    const desk = browser(server, 'desk');
    desk.open();
    await settle(desk);
    const typed = ['B', 'Br', 'Bre', 'Brea', 'Break'];
    let next = 0;
    // Each key lands after the server stored the one before, while its answer is on the way back.
    desk.device.afterStore = () => {
      const name = typed[next];
      next += 1;
      if (name) desk.store.getState().renameWatchlist('us', name);
      desk.hub.flush();
    };
    desk.store.getState().renameWatchlist('us', 'A');
    await settle(desk);
    expect(listNames(desk.store)).toContain('Break');
    expect([...server.records.values()].some((record) => JSON.stringify(record.value).includes('"Break"'))).toBe(true);
  });

  it('keeps both edits of one list made while one browser was offline', async () => {
    const server = memoryServer();
    const desk = browser(server, 'desk');
    const phone = browser(server, 'phone');
    desk.open();
    await settle(desk);
    const phoneSync = phone.open();
    await settle(desk, phone);
    phone.device.online = false;
    phone.store.getState().addSymbol('us', 'ORCL.US');
    desk.store.getState().addSymbol('us', 'IBM.US');
    await settle(desk, phone);
    expect(phone.statuses.at(-1)).toEqual({ state: 'offline' });
    expect(symbolsOf(phone.store, 'us')).not.toContain('IBM.US');
    phone.device.online = true;
    phoneSync.sync();
    await settle(desk, phone);
    for (const { store } of [desk, phone]) expect(symbolsOf(store, 'us')).toEqual(expect.arrayContaining(['IBM.US', 'ORCL.US']));
    expect(symbolsOf(desk.store, 'us')).toEqual(symbolsOf(phone.store, 'us'));
    const onServer = server.records.get('app/watchlist:us')?.value as { symbols: string[] };
    expect(onServer.symbols).toEqual(symbolsOf(desk.store, 'us'));
  });
});

describe('a list renamed on two devices at once', () => {
  it('keeps the winner’s name on both, and tells the device whose name was not kept what was stored instead', async () => {
    const server = memoryServer();
    // The later of the two tab ids wins the tie-break: the device back from offline loses.
    const alpha = browser(server, 'alpha');
    const omega = browser(server, 'omega');
    const alphaSync = alpha.open();
    await settle(alpha);
    omega.open();
    await settle(alpha, omega);
    alpha.device.online = false;
    alpha.store.getState().renameWatchlist('us', 'Alpha name');
    omega.store.getState().renameWatchlist('us', 'Omega name');
    await settle(alpha, omega);
    expect(omega.combined).toEqual([]);
    alpha.device.online = true;
    alphaSync.sync();
    await settle(alpha, omega);
    for (const { store } of [alpha, omega]) expect(listNames(store)).toContain('Omega name');
    expect(listNames(alpha.store)).not.toContain('Alpha name');
    expect(alpha.combined).toHaveLength(1);
    const [change] = alpha.combined;
    expect(change?.store).toBe('app');
    expect((change?.base?.value as { name: string }).name).toBe('US tech');
    expect((change?.mine.value as { name: string }).name).toBe('Alpha name');
    expect((change?.result.value as { name: string }).name).toBe('Omega name');
    expect(omega.combined).toEqual([]);
  });
});

describe('a deletion on one device against an edit made offline on another', () => {
  type Browser = ReturnType<typeof browser>;
  const deleteAlert = ({ alerts }: Browser) => {
    alerts.setState({ alerts: {} });
  };
  const editAlert = ({ alerts }: Browser) => {
    alerts.setState({ alerts: { a1: { symbol: 'AAPL.US', level: 510 } } });
  };
  const deleteList = ({ store }: Browser) => {
    store.getState().deleteWatchlist('us');
  };
  const addToList = ({ store }: Browser) => {
    store.getState().addSymbol('us', 'ORCL.US');
  };

  /**
   * Both devices hold the alert and the list; `editor` goes offline, and the deletion and the edit
   * are made in the order given; then `editor` comes back. The names' order decides which tab id
   * is the greater (a tie of revisions alone went to it).
   */
  async function conflict(
    deleterName: string,
    editorName: string,
    order: 'delete-first' | 'edit-first',
    remove: (b: Browser) => void,
    edit: (b: Browser) => void,
  ) {
    const server = memoryServer();
    const deleter = browser(server, deleterName);
    const editor = browser(server, editorName);
    deleter.open();
    await settle(deleter);
    const editorSync = editor.open();
    await settle(deleter, editor);
    deleter.alerts.setState({ alerts: { a1: { symbol: 'AAPL.US', level: 500 } } });
    await settle(deleter, editor);
    expect(editor.alerts.getState().alerts).toEqual({ a1: { symbol: 'AAPL.US', level: 500 } });
    editor.device.online = false;
    const deletion = () => {
      remove(deleter);
    };
    const edition = () => {
      edit(editor);
    };
    for (const step of order === 'delete-first' ? [deletion, edition] : [edition, deletion]) {
      step();
      await settle(deleter, editor);
    }
    editor.device.online = true;
    editorSync.sync();
    await settle(deleter, editor);
    return { server, deleter, editor };
  }

  const cases = [
    ['desk', 'phone', 'delete-first'],
    ['desk', 'phone', 'edit-first'],
    ['phone', 'desk', 'delete-first'],
    ['phone', 'desk', 'edit-first'],
  ] as const;

  it.each(cases)('keeps an alert %s deleted when %s edited it offline (%s): on both devices and on the server', async (deleterName, editorName, order) => {
    const { server, deleter, editor } = await conflict(deleterName, editorName, order, deleteAlert, editAlert);
    expect(deleter.alerts.getState().alerts).toEqual({});
    expect(editor.alerts.getState().alerts).toEqual({});
    expect(server.records.get('alerts/alert:a1')?.deleted).toBe(true);
  });

  it.each(cases)('keeps a watchlist %s deleted when %s added to it offline (%s)', async (deleterName, editorName, order) => {
    const { server, deleter, editor } = await conflict(deleterName, editorName, order, deleteList, addToList);
    for (const { store } of [deleter, editor]) expect(store.getState().watchlists.map((list) => list.id)).not.toContain('us');
    expect(server.records.get('app/watchlist:us')?.deleted).toBe(true);
  });
});

describe('a store the server refuses', () => {
  it('keeps its changes here, says why, and lets the other stores’ changes through', async () => {
    const server = memoryServer();
    const desk = browser(server, 'desk');
    desk.open();
    await settle(desk);
    desk.device.overLimit = 'drawings';
    const drawing = { id: 'drawing:AAPL.US/d-1', kind: 'drawing', rev: 1, updatedAt: 5, by: 'desk-tab', value: { symbol: 'AAPL.US' } };
    desk.hub.channel().postMessage({ store: 'drawings', source: 'desk-tab', diff: { added: [drawing], updated: [], removed: [] } });
    desk.store.getState().addSymbol('us', 'IBM.US');
    await settle(desk);
    expect(desk.statuses.at(-1)).toEqual({ state: 'refused', message: 'too many in drawings' });
    expect((server.records.get('app/watchlist:us')?.value as { symbols: string[] }).symbols).toContain('IBM.US');
    expect(server.records.has('drawings/drawing:AAPL.US/d-1')).toBe(false);
  });
});

describe('the first contact of a browser with a workspace', () => {
  const withServerWorkspace = async () => {
    const server = memoryServer();
    const desk = browser(server, 'desk');
    desk.open((state) => {
      state.createWatchlist('Desk list');
      state.addSymbol('us', 'IBM.US');
    });
    await settle(desk);
    return server;
  };

  it('takes the server’s without asking when the browser holds nothing of its own', async () => {
    const server = await withServerWorkspace();
    const fresh = browser(server, 'fresh');
    fresh.open();
    await settle(fresh);
    expect(fresh.asked()).toBe(0);
    expect(listNames(fresh.store)).toContain('Desk list');
    expect(symbolsOf(fresh.store, 'us')).toContain('IBM.US');
  });

  it('asks nothing of a browser opened from a link (its charts on screen stay on the device, not its own work)', async () => {
    const server = await withServerWorkspace();
    const fresh = browser(server, 'fresh');
    fresh.open((state) => {
      state.updateLayout((layout) => ({ ...layout, kind: '2h' }));
    });
    await settle(fresh);
    expect(fresh.asked()).toBe(0);
    expect(listNames(fresh.store)).toContain('Desk list');
    expect(fresh.store.getState().layout.kind).toBe('2h');
  });

  it('asks, and merges both workspaces when the user says so', async () => {
    const server = await withServerWorkspace();
    const laptop = browser(server, 'laptop', 'merge');
    laptop.open((state) => {
      state.createWatchlist('Laptop list');
      state.addSymbol('us', 'ORCL.US');
    });
    await settle(laptop);
    expect(laptop.asked()).toBe(1);
    expect(listNames(laptop.store)).toEqual(expect.arrayContaining(['Desk list', 'Laptop list']));
    expect(symbolsOf(laptop.store, 'us')).toEqual(expect.arrayContaining(['IBM.US', 'ORCL.US']));
    const serverLists = [...server.records.values()]
      .filter((record) => record.kind === 'watchlist' && !record.deleted)
      .map((record) => (record.value as { name: string }).name);
    expect(serverLists).toEqual(expect.arrayContaining(['Desk list', 'Laptop list']));
  });

  it('keeps the server’s, or this browser’s, when the user says so', async () => {
    const server = await withServerWorkspace();
    const keepsServer = browser(server, 'a', 'server');
    keepsServer.open((state) => state.createWatchlist('Only here'));
    await settle(keepsServer);
    expect(listNames(keepsServer.store)).toContain('Desk list');
    expect(listNames(keepsServer.store)).not.toContain('Only here');

    const keepsBrowser = browser(server, 'b', 'browser');
    keepsBrowser.open((state) => state.createWatchlist('Mine alone'));
    await settle(keepsBrowser);
    expect(listNames(keepsBrowser.store)).not.toContain('Desk list');
    const live = [...server.records.values()]
      .filter((record) => record.kind === 'watchlist' && !record.deleted)
      .map((record) => (record.value as { name: string }).name);
    expect(live).toContain('Mine alone');
    expect(live).not.toContain('Desk list');
  });

  it('takes the server’s for another user signed in on this browser: the workspace of the one before is theirs, never copied into the newcomer’s', async () => {
    const server = memoryServer();
    const shared = browser(server, 'shared');
    shared.open((state) => state.createWatchlist('Ann alone'));
    await settle(shared);
    // Ann signs out and Bob signs in on the same browser: his workspace is empty.
    server.user = 'bob';
    server.records.clear();
    const again = browser(server, 'shared', 'merge', { pushDelayMs: 0 }, shared.storage);
    again.open();
    await settle(again);
    expect(again.asked()).toBe(0);
    expect(listNames(again.store)).not.toContain('Ann alone');
    expect([...server.records.values()].filter((record) => JSON.stringify(record.value).includes('Ann alone'))).toEqual([]);
    // His workspace was empty: he starts where a new browser would, and the server keeps it as his.
    expect(listNames(again.store)).toEqual(listNames(appStore()));
    expect(server.records.get('app/watchlist:us')?.deleted).toBeUndefined();
  });

  /** Ann's browser in sync, then her `edit` made offline (never sent); her workspace on the server as it stood. */
  async function annEditsOffline(server: Server, edit: (state: AppState) => void) {
    const shared = browser(server, 'shared');
    shared.open();
    await settle(shared);
    shared.device.online = false;
    edit(shared.store.getState());
    await settle(shared);
    return { shared, annOnServer: new Map(server.records) };
  }

  /** The server answering for `user` (signed in), holding `records`: none, an empty workspace. */
  function signedInAs(server: Server, user: string, records = new Map<string, ServerRecord>()): void {
    server.user = user;
    server.records.clear();
    for (const [key, record] of records) server.records.set(key, record);
  }

  it('keeps the changes a user made offline and never sent when another signs in here, and sends them when that user is back', async () => {
    const server = memoryServer();
    // Ann edits offline and closes the browser before it is back.
    const { shared, annOnServer } = await annEditsOffline(server, (state) => {
      state.createWatchlist('Ann offline');
      state.addSymbol('us', 'ORCL.US');
    });
    expect(shared.statuses.at(-1)).toEqual({ state: 'offline' });

    // Bob signs in on the same browser: his workspace, none of Ann's.
    signedInAs(server, 'bob');
    const bob = browser(server, 'shared', 'merge', { pushDelayMs: 0 }, shared.storage);
    bob.open();
    await settle(bob);
    expect(listNames(bob.store)).not.toContain('Ann offline');
    expect(symbolsOf(bob.store, 'us')).not.toContain('ORCL.US');
    const bobOnServer = [...server.records.values()].map((record) => JSON.stringify(record.value));

    // Meanwhile Ann adds IBM on her desk.
    signedInAs(server, 'ann', annOnServer);
    const desk = browser(server, 'desk');
    desk.open();
    await settle(desk);
    desk.store.getState().addSymbol('us', 'IBM.US');
    await settle(desk);

    // Ann signs in here again: her offline edits are back, merged with the desk's, and sent.
    const ann = browser(server, 'shared', 'merge', { pushDelayMs: 0 }, shared.storage);
    ann.open();
    await settle(ann, desk);
    expect(ann.asked()).toBe(0);
    expect(listNames(ann.store)).toContain('Ann offline');
    expect(symbolsOf(ann.store, 'us')).toEqual(expect.arrayContaining(['IBM.US', 'ORCL.US']));
    expect(listNames(desk.store)).toContain('Ann offline');
    expect(symbolsOf(desk.store, 'us')).toEqual(symbolsOf(ann.store, 'us'));
    expect(bobOnServer.some((value) => value.includes('Ann offline') || value.includes('ORCL.US'))).toBe(false);
    // Taken once: the kept changes are gone from this browser.
    expect(shared.storage.getItem(`${HELD_KEY_PREFIX}ann`)).toBeNull();
  });

  it('keeps a returning user’s kept changes until the server has them: a tab closed before they were saved or sent loses nothing', async () => {
    const server = memoryServer();
    const { shared, annOnServer } = await annEditsOffline(server, (state) => {
      state.addSymbol('us', 'ORCL.US');
    });
    signedInAs(server, 'bob');
    const bob = browser(server, 'shared', 'merge', { pushDelayMs: 0 }, shared.storage);
    bob.open();
    await settle(bob);

    // Ann is back, but her changes reach neither her tab (the page closes first) nor the server.
    signedInAs(server, 'ann', annOnServer);
    const closing = browser(server, 'shared', 'merge', { pushDelayMs: 0 }, shared.storage);
    closing.device.writesFail = true;
    closing.open();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(shared.storage.getItem(`${HELD_KEY_PREFIX}ann`)).not.toBeNull();

    // Opened again: the changes are made again, and sent; then the key goes.
    const again = browser(server, 'shared', 'merge', { pushDelayMs: 0 }, shared.storage);
    again.open();
    await settle(again);
    expect(symbolsOf(again.store, 'us')).toContain('ORCL.US');
    expect(JSON.stringify(server.records.get('app/watchlist:us')?.value)).toContain('ORCL.US');
    expect(shared.storage.getItem(`${HELD_KEY_PREFIX}ann`)).toBeNull();
  });

  it('leaves out damaged changes kept for a user, and syncs', async () => {
    const server = memoryServer();
    const shared = browser(server, 'shared');
    shared.storage.setItem(`${HELD_KEY_PREFIX}ann`, JSON.stringify([{ store: 'app' }, 5, { store: 'app', to: { id: 'x' } }]));
    shared.open();
    await settle(shared);
    expect(shared.statuses.at(-1)).toEqual({ state: 'synced' });
    expect(shared.storage.getItem(`${HELD_KEY_PREFIX}ann`)).toBeNull();
  });

  it('stays local when the server keeps no workspace, and stops on a sign-out', async () => {
    const server = memoryServer();
    const demo = browser(server, 'demo');
    demo.device.off = true;
    demo.open();
    await settle(demo);
    expect(demo.statuses.at(-1)).toEqual({ state: 'local-only' });

    const other = memoryServer();
    const signedOut = browser(other, 'out');
    signedOut.device.refuse = 401;
    const sync = signedOut.open();
    await settle(signedOut);
    expect(signedOut.statuses.at(-1)).toEqual({ state: 'signed-out' });
    sync.sync();
    signedOut.store.getState().addSymbol('us', 'IBM.US');
    await settle(signedOut);
    expect(other.reads).toBe(1);
  });
});

describe('the pace of sending', () => {
  /** Channels flushed every 2 ms for `ms`. */
  async function run(ms: number, ...browsers: { hub: { flush(): void } }[]) {
    const until = Date.now() + ms;
    while (Date.now() < until) {
      for (const { hub } of browsers) hub.flush();
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
  }

  it('sends a change after a quiet spell at once, and a burst as one batch at most every interval', async () => {
    const server = memoryServer();
    let clock = 0;
    const desk = browser(server, 'desk', 'merge', { pushDelayMs: 250, now: () => clock });
    desk.open();
    await run(50, desk);
    const quiet = server.writes;
    // A minute later by the sync's clock: a lone change does not wait for the interval.
    clock += 60_000;
    desk.store.getState().addSymbol('us', 'IBM.US');
    await run(100, desk);
    expect(server.writes).toBe(quiet + 1);
    // A burst right after that send (the clock has not moved): it waits for the interval, then goes whole.
    for (const symbol of ['ORCL.US', 'SAP.US', 'ADBE.US']) {
      desk.store.getState().addSymbol('us', symbol);
      await run(5, desk);
    }
    expect(server.writes).toBe(quiet + 1);
    await run(500, desk);
    expect(server.writes).toBe(quiet + 2);
    const stored = [...server.records.values()].find((record) => record.id === 'watchlist:us');
    expect(stored?.value).toMatchObject({ symbols: expect.arrayContaining(['IBM.US', 'ORCL.US', 'SAP.US', 'ADBE.US']) as unknown });
  });
});
