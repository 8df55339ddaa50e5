/**
 * Tabs of one browser share the user's records: each change of a store goes out as a diff on a
 * BroadcastChannel, each tab merges the others' by record (records.ts) and puts the result in
 * its store, which saves it as before. The records (with their revisions and tombstones) are
 * kept beside the store's own saved state, under `chartroom.records.<store>`, so a reload knows
 * them. Loaded on demand, after the first candle.
 */
import type { StoreApi } from 'zustand';
import {
  emptyDiff,
  isEmptyDiff,
  liveValues,
  mergeChange,
  reviseRecords,
  sameValue,
  type ChangeBatch,
  type RecordMap,
  type RecordValue,
  type ThreeWayMerge,
  type UserRecord,
} from '#shared/records.ts';

/** How a store's state reads as records and takes records back. */
export interface RecordAdapter<S> {
  /** The store's name in batches and storage. */
  store: string;
  /** The parts of the state the records come from: when none changed, nothing did. */
  sources(state: S): readonly unknown[];
  values(state: S): Map<string, RecordValue>;
  /** Puts the live records' values (all of them, by id) in the store. */
  /** `history`: the workspace's past as the server's first read brings it, not news (no toast of an old trigger). */
  apply(store: StoreApi<S>, values: ReadonlyMap<string, RecordValue>, history?: boolean): void;
  /** Kinds whose concurrent edits are combined (a watchlist's symbols) rather than one winning. */
  merges?: Readonly<Record<string, ThreeWayMerge>>;
  /**
   * Whether this build can read a record into the state (default: every record). One it cannot (a
   * kind or a shape of a later build, met through the server or another tab) is kept as it is: its
   * absence from the state is not its deletion.
   */
  readable?: (record: RecordValue) => boolean;
}

export interface Channel {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
  close(): void;
}

export interface TabSyncOptions {
  channel: Channel;
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  /** This tab's id (ties between equal revisions go to the greater). */
  tab: string;
  now: () => number;
  /**
   * When this tab loaded its state: a saved record changed after it came from another tab, and
   * wins over what this tab holds.
   */
  loadedAt: number;
}

export const RECORDS_KEY_PREFIX = 'chartroom.records.';
/** Tombstones older than this are forgotten (a tab closed longer ago reloads anyway). */
const TOMBSTONE_DAYS = 30;

/** Whether `value` has a record's shape (saved or kept data is checked before use). */
export function isRecord(value: unknown): value is UserRecord {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Partial<UserRecord>;
  return (
    typeof record.id === 'string' &&
    typeof record.kind === 'string' &&
    typeof record.by === 'string' &&
    Number.isInteger(record.rev) &&
    typeof record.updatedAt === 'number'
  );
}

/** The saved records; damaged ones are left out (the state still has their values). */
export function loadRecords(storage: TabSyncOptions['storage'], key: string): Map<string, UserRecord> {
  let list: unknown;
  try {
    list = (JSON.parse(storage.getItem(key) ?? '{}') as { records?: unknown }).records;
  } catch {
    list = undefined;
  }
  return new Map((Array.isArray(list) ? list.filter(isRecord) : []).map((record) => [record.id, record]));
}

function saveRecords(storage: TabSyncOptions['storage'], key: string, records: RecordMap, now: number): void {
  const horizon = now - TOMBSTONE_DAYS * 86_400_000;
  const kept = [...records.values()].filter((record) => !record.deleted || record.updatedAt > horizon);
  try {
    storage.setItem(key, JSON.stringify({ version: 1, records: kept }));
  } catch {
    // Full or unavailable: the tabs still exchange changes.
  }
}

/** The channel a store's members (tabs, the server sync, an import) exchange its changes on. */
export const recordsChannelName = (store: string): string => `chartroom.records.${store}`;

/** A message on `store`'s channel that is a batch of its changes. */
export function isBatch(data: unknown, store: string): data is ChangeBatch {
  return typeof data === 'object' && data !== null && (data as ChangeBatch).store === store && typeof (data as ChangeBatch).diff === 'object';
}

/** A batch's changes as [from, to] pairs (an addition or a removal has no `from`). */
export function changesOf(diff: ChangeBatch['diff']): (readonly [UserRecord | undefined, UserRecord])[] {
  return [...diff.added.map((to) => [undefined, to] as const), ...diff.updated, ...diff.removed.map((to) => [undefined, to] as const)];
}

/**
 * The values this tab starts from: its state's, except where a saved record changed after the
 * tab loaded (another tab's edit it missed).
 */
function startingValues(records: RecordMap, own: ReadonlyMap<string, RecordValue>, loadedAt: number): Map<string, RecordValue> {
  const values = new Map(own);
  for (const [id, record] of records) {
    if (record.updatedAt <= loadedAt) continue;
    if (record.deleted) values.delete(id);
    else if (!sameValue(own.get(id)?.value, record.value)) values.set(id, { kind: record.kind, value: record.value });
  }
  return values;
}

/** The state's values, and the live records this build cannot read, kept as they are. */
function withUnreadable<S>(records: RecordMap, state: Map<string, RecordValue>, adapter: RecordAdapter<S>): Map<string, RecordValue> {
  const { readable } = adapter;
  if (!readable) return state;
  for (const [id, record] of records) {
    if (record.deleted || state.has(id)) continue;
    const value = { kind: record.kind, value: record.value };
    if (!readable(value)) state.set(id, value);
  }
  return state;
}

/** Starts sharing `store`'s records with the other tabs; returns the stop. */
export function startTabSync<S>(store: StoreApi<S>, adapter: RecordAdapter<S>, options: TabSyncOptions): () => void {
  const { channel, storage, tab, now } = options;
  const key = RECORDS_KEY_PREFIX + adapter.store;
  const merges = adapter.merges ?? {};
  let records = loadRecords(storage, key);
  let applying = false;
  let lastSources: readonly unknown[] = [];

  const send = (diff: ChangeBatch['diff']): void => {
    if (isEmptyDiff(diff)) return;
    saveRecords(storage, key, records, now());
    const batch: ChangeBatch = { store: adapter.store, source: tab, diff };
    channel.postMessage(batch);
  };
  /** The records after this tab's state, its changes sent. */
  const commit = (state: Map<string, RecordValue>, extra = emptyDiff()): void => {
    const values = withUnreadable(records, state, adapter);
    const revised = reviseRecords(records, values, tab, now());
    records = revised.records;
    send({
      added: [...extra.added, ...revised.diff.added],
      updated: [...extra.updated, ...revised.diff.updated],
      removed: [...extra.removed, ...revised.diff.removed],
    });
  };
  const put = (values: ReadonlyMap<string, RecordValue>, history = false): void => {
    applying = true;
    try {
      adapter.apply(store, values, history);
    } finally {
      applying = false;
    }
    lastSources = adapter.sources(store.getState());
  };

  const own = adapter.values(store.getState());
  const start = startingValues(records, own, options.loadedAt);
  if (start.size !== own.size || [...start].some(([id, value]) => !sameValue(own.get(id)?.value, value.value))) put(start);
  lastSources = adapter.sources(store.getState());
  commit(start);
  // The store's own save may have run before the records were: now both agree.
  saveRecords(storage, key, records, now());

  const unsubscribe = store.subscribe((state) => {
    if (applying) return;
    const sources = adapter.sources(state);
    if (sources.length === lastSources.length && sources.every((source, i) => source === lastSources[i])) return;
    lastSources = sources;
    commit(adapter.values(state));
  });

  channel.addEventListener('message', ({ data }) => {
    if (!isBatch(data, adapter.store) || data.source === tab) return;
    const next = new Map(records);
    const combined = emptyDiff();
    let changed = 0;
    for (const [from, to] of changesOf(data.diff)) {
      const result = mergeChange(next, from, to, merges);
      if (result.changed) changed += 1;
      // Both tabs combine alike; sent on so that a third copy, or a rare different one, settles too.
      if (result.combined && from) combined.updated.push([from, result.combined]);
    }
    if (changed === 0) return;
    records = next;
    put(liveValues(records), (data as { history?: unknown }).history === true);
    // What the store made of the records (a list it normalised) is this tab's change.
    commit(adapter.values(store.getState()), combined);
    saveRecords(storage, key, records, now());
  });

  return () => {
    unsubscribe();
    channel.close();
  };
}
