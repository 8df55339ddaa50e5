/**
 * The browser's side of the workspace on the server (shared/workspace-protocol.ts): one tab of
 * the browser (the leader, src/app/server-sync.ts) keeps every record store in step with the
 * user's records on the server. It joins the tabs' exchange (tab-sync.ts) as one more member: it
 * hears every tab's changes on the stores' channels, sends them to the server, and posts what
 * other devices stored as changes of its own, which every tab merges by the usual rules.
 *
 * It knows, per record, the server's copy (`base`): a record that differs from it is this
 * browser's change, sent with that copy as the revision it was made on, so the server merges it
 * per record as the tabs do. The server's copies and revision are saved (under
 * `chartroom.workspace-sync`, per user), so edits made offline or with every tab closed are sent
 * when the browser is back.
 *
 * The first contact with a user's workspace loses nothing without asking: an empty server takes
 * this browser's, a browser with nothing of its own takes the server's, and when both hold
 * something different the user chooses (merge, keep the server's, keep this browser's).
 */
import {
  emptyDiff,
  isEmptyDiff,
  mergeChange,
  reviseRecords,
  sameRevision,
  sameValue,
  type ChangeBatch,
  type RecordsDiff,
  type RecordValue,
  type ThreeWayMerge,
  type UserRecord,
} from '#shared/records.ts';
import type { WorkspaceRead, WorkspaceWritten } from '#shared/workspace-protocol.ts';
import { changesOf, isBatch, isRecord, loadRecords, RECORDS_KEY_PREFIX, type Channel } from './tab-sync';

export type SyncChoice = 'merge' | 'server' | 'browser';

export type SyncStatus =
  | { state: 'connecting' }
  | { state: 'synced' }
  | { state: 'sending' }
  /** The server cannot be reached: changes are kept here and sent when it can. */
  | { state: 'offline' }
  /** The first contact waits for the user's choice. */
  | { state: 'asking' }
  /** The server refused a batch (a limit): the message says which. */
  | { state: 'refused'; message: string }
  | { state: 'signed-out' }
  /** The server keeps no workspace (WORKSPACE=off): this browser's stays its own. */
  | { state: 'local-only' };

/** A record as the server answers it. */
export interface ServerRecord extends UserRecord {
  store: string;
  serverRev: number;
}

export interface OutgoingChange {
  store: string;
  from?: UserRecord;
  to: UserRecord;
}

/** An answer other than 200 (`retryAfterMs` from Retry-After). */
export class SyncRefusal extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = 'SyncRefusal';
  }
}

export interface WorkspaceTransport {
  /** Undefined: the server keeps no workspace. Throws SyncRefusal, or a network error. */
  read(since: number): Promise<WorkspaceRead<ServerRecord> | undefined>;
  write(changes: readonly OutgoingChange[]): Promise<WorkspaceWritten<ServerRecord>>;
}

export interface SyncedStore {
  name: string;
  merges?: Readonly<Record<string, ThreeWayMerge>>;
  /** A fresh browser's values: a store that holds only these has nothing of its own. */
  defaults: ReadonlyMap<string, RecordValue>;
  /**
   * Kinds that follow from use rather than make a workspace (the remembered symbol types): a
   * browser holding only these is still asked nothing.
   */
  incidental?: readonly string[];
  /**
   * Kinds that stay on this device (the charts on screen: a phone and a desk each show their own,
   * and a link opened on one must not move the other): shared between the browser's tabs, never
   * sent to the server nor taken from it.
   */
  deviceOnly?: readonly string[];
}

export interface CombinedChange {
  store: string;
  base?: UserRecord;
  mine: UserRecord;
  result: UserRecord;
}

export interface ServerSyncOptions {
  transport: WorkspaceTransport;
  stores: readonly SyncedStore[];
  /** A channel of its own per store (the tabs' channel name): it hears this tab's changes too. */
  channelOf(store: string): Channel;
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  /** This member's id, as a tab's (the records it makes carry it). */
  id: string;
  now(): number;
  /** The user's choice at a first contact where both sides hold something different. */
  ask(): Promise<SyncChoice>;
  onStatus(status: SyncStatus): void;
  /**
   * A change made here (`mine`, on the server's copy `base`) combined with another device's made
   * at the same time, with another value as the `result` (here or on the server), so the app can
   * say what of the user's edit was not kept.
   */
  onCombined?(change: CombinedChange): void;
  /**
   * The least time between two sends of changes; default 100 ms. A change after a quiet spell goes
   * at once (another device sees it a round trip later); a burst's changes wait for the next send
   * and go as one batch.
   */
  pushDelayMs?: number;
}

export const SYNC_KEY = 'chartroom.workspace-sync';
/**
 * Per user: the changes a user made here and never sent, kept when another user signed in on this
 * browser (whose workspace then replaced theirs on screen), and sent when they sign in again.
 */
export const HELD_KEY_PREFIX = `${SYNC_KEY}.held.`;
/** Changes in one POST (the server takes up to 1,000). */
const CHUNK = 500;
const MAX_RETRY_MS = 30_000;
/** A batch refused for what it holds (a limit, a bad record): sending it again will not help. */
const LIMIT_STATUSES: readonly number[] = [400, 413, 422];

interface SavedSync {
  version: 1;
  user: string;
  serverRev: number;
  /** Per store and id: the server's copy, or its signature when the browser holds that same copy. */
  bases: Record<string, Record<string, UserRecord | string>>;
}

const signature = (record: UserRecord): string => `${String(record.rev)}/${record.by}/${record.deleted ? 'x' : ''}`;

/** A record as the protocol carries it (no store, no server revision). */
function plain({ id, kind, rev, updatedAt, by, deleted, value }: UserRecord): UserRecord {
  return deleted ? { id, kind, rev, updatedAt, by, deleted } : { id, kind, rev, updatedAt, by, value };
}

/** The revision nothing was made on: a merge against it keeps both sides' lists whole. */
const nothingOf = (record: UserRecord): UserRecord => ({ id: record.id, kind: record.kind, rev: 0, updatedAt: 0, by: '' });

/** The changes kept for `user` (holdUnsent); damaged entries are left out. */
function readHeld(storage: ServerSyncOptions['storage'], user: string): OutgoingChange[] {
  let held: unknown;
  try {
    held = JSON.parse(storage.getItem(HELD_KEY_PREFIX + user) ?? '[]');
  } catch {
    return [];
  }
  const isChange = (entry: unknown): entry is OutgoingChange => {
    const { store, from, to } = (entry ?? {}) as Partial<Record<keyof OutgoingChange, unknown>>;
    return typeof store === 'string' && isRecord(to) && (from === undefined || isRecord(from));
  };
  return Array.isArray(held) ? held.filter(isChange) : [];
}

function readSaved(storage: ServerSyncOptions['storage']): SavedSync | undefined {
  try {
    const saved = JSON.parse(storage.getItem(SYNC_KEY) ?? 'null') as Partial<SavedSync> | null;
    if (saved?.version !== 1 || typeof saved.user !== 'string' || !Number.isSafeInteger(saved.serverRev) || typeof saved.bases !== 'object') return undefined;
    return saved as SavedSync;
  } catch {
    return undefined;
  }
}

export class ServerSync {
  private readonly mirror = new Map<string, Map<string, UserRecord>>();
  private readonly base = new Map<string, Map<string, UserRecord>>();
  private readonly channels = new Map<string, Channel>();
  private user: string | undefined;
  private serverRev = 0;
  /** The first contact is done: changes go to the server. */
  private ready = false;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;
  private halted = false;
  /** Changes kept for this user were made again here (takeHeld) and are not all on the server yet. */
  private heldUntilSent = false;
  private pushTimer: ReturnType<typeof setTimeout> | undefined;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private retryMs = 1_000;
  private status: SyncStatus | undefined;
  /** When the last round began (options.now), which paces the sending of a burst. */
  private lastRoundAt = Number.NEGATIVE_INFINITY;

  constructor(private readonly options: ServerSyncOptions) {}

  start(): void {
    for (const { name, merges } of this.options.stores) {
      this.mirror.set(name, loadRecords(this.options.storage, RECORDS_KEY_PREFIX + name));
      this.base.set(name, new Map());
      const channel = this.options.channelOf(name);
      channel.addEventListener('message', ({ data }) => {
        this.take(name, data, merges ?? {});
      });
      this.channels.set(name, channel);
    }
    this.say({ state: 'connecting' });
    this.sync();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.pushTimer);
    clearTimeout(this.retryTimer);
    for (const channel of this.channels.values()) channel.close();
  }

  /** The server announced revision `serverRev` (its event stream). */
  heard(serverRev: number): void {
    if (serverRev > this.serverRev) this.sync();
  }

  /** A round now (back online, the event stream reconnected); one at a time, the next queued. */
  sync = (): void => {
    if (this.stopped || this.halted) return;
    if (this.running) {
      this.again = true;
      return;
    }
    clearTimeout(this.retryTimer);
    this.running = this.round().finally(() => {
      this.running = undefined;
      if (this.again) {
        this.again = false;
        this.sync();
      }
    });
  };

  private async round(): Promise<void> {
    this.lastRoundAt = this.options.now();
    try {
      if (this.ready) await this.pull();
      else await this.connect();
      if (!this.ready) return;
      // What was sent is read back (with what other devices stored meanwhile) by the next round.
      if (await this.push()) this.again = true;
      else this.say({ state: 'synced' });
      this.retryMs = 1_000;
    } catch (error) {
      this.failed(error);
    }
  }

  private failed(error: unknown): void {
    if (!(error instanceof SyncRefusal)) {
      this.say({ state: 'offline' });
      this.retryIn(this.retryMs);
      this.retryMs = Math.min(this.retryMs * 2, MAX_RETRY_MS);
      return;
    }
    if (error.status === 401) {
      this.halted = true;
      this.say({ state: 'signed-out' });
    } else if (error.status === 429 || error.status >= 500) {
      this.say({ state: 'offline' });
      this.retryIn(error.retryAfterMs ?? this.retryMs);
      this.retryMs = Math.min(this.retryMs * 2, MAX_RETRY_MS);
    } else {
      // A batch past a limit: sent again only with the next change (which may remove the excess).
      this.say({ state: 'refused', message: error.message });
    }
  }

  private retryIn(ms: number): void {
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(this.sync, ms);
  }

  private say(status: SyncStatus): void {
    if (this.status && JSON.stringify(this.status) === JSON.stringify(status)) return;
    this.status = status;
    this.options.onStatus(status);
  }

  /** The first read: the saved sync of this user goes on; any other is a first contact. */
  private async connect(): Promise<void> {
    const saved = readSaved(this.options.storage);
    let answer = await this.options.transport.read(saved?.serverRev ?? 0);
    if (!answer) {
      this.halted = true;
      this.say({ state: 'local-only' });
      return;
    }
    // Another user's, or a server that lost revisions (restored from an older backup): start over.
    const anotherUser = saved !== undefined && answer.user !== saved.user;
    if (saved && anotherUser) this.holdUnsent(saved);
    if (saved && (anotherUser || answer.serverRev < saved.serverRev)) {
      answer = await this.options.transport.read(0);
      if (!answer) return;
    }
    if (saved && answer.user === saved.user && answer.serverRev >= saved.serverRev) {
      this.user = saved.user;
      this.serverRev = saved.serverRev;
      this.restoreBases(saved.bases);
      this.ready = true;
      this.applyPulled(answer, true);
    } else await this.firstContact(answer, anotherUser);
    if (this.ready) this.takeHeld();
    this.save();
  }

  /**
   * What `saved`'s user changed here and never sent (this browser's records against the server's
   * copies they knew), kept for them under their name: another user's sign-in replaces it here.
   */
  private holdUnsent(saved: SavedSync): void {
    this.restoreBases(saved.bases);
    const unsent = this.outgoing();
    for (const name of this.base.keys()) this.base.set(name, new Map());
    if (unsent.length === 0) return;
    const byRecord = new Map<string, OutgoingChange>();
    for (const change of [...readHeld(this.options.storage, saved.user), ...unsent]) byRecord.set(`${change.store}/${change.to.id}`, change);
    try {
      this.options.storage.setItem(HELD_KEY_PREFIX + saved.user, JSON.stringify([...byRecord.values()]));
    } catch {
      // Full: nothing more can be kept on this browser.
    }
  }

  /**
   * The changes kept for this user (holdUnsent) made again on the server's copies: a copy changed
   * since is merged as a tab merges (lists keep both sides' items), and the result is a revision
   * of this browser's, shown in the tabs and sent with the next push.
   */
  private takeHeld(): void {
    if (this.user === undefined) return;
    const held = readHeld(this.options.storage, this.user);
    const now = this.options.now();
    const diffs = new Map<string, RecordsDiff>();
    for (const { store, from, to } of held) {
      const mirror = this.mirror.get(store);
      const config = this.options.stores.find(({ name }) => name === store);
      if (!mirror || !config || !this.travels(store, to.kind)) continue;
      // Merged with the server's copy by the usual rules (taken whole when that copy is the one it was made on).
      const onServer = this.base.get(store)?.get(to.id);
      const scratch = new Map(onServer ? [[to.id, onServer]] : []);
      mergeChange(scratch, from, to, config.merges ?? {});
      const result = scratch.get(to.id);
      if (!result || result === onServer) continue;
      const local = mirror.get(to.id);
      if (local && sameValue(local.value, result.value) && !local.deleted === !result.deleted) continue;
      const revision: UserRecord = { ...plain(result), rev: Math.max(local?.rev ?? 0, result.rev) + 1, by: this.options.id, updatedAt: now };
      mirror.set(to.id, revision);
      const diff = diffs.get(store) ?? emptyDiff();
      diffs.set(store, diff);
      if (revision.deleted) diff.removed.push(revision);
      else if (local && !local.deleted) diff.updated.push([local, revision]);
      else diff.added.push(revision);
    }
    for (const [name, diff] of diffs) this.post(name, diff);
    // Made again here, they are in no tab's saved records yet and not on the server: the key goes
    // once the server has them (a page closed before loses nothing; made again, they change nothing).
    this.heldUntilSent = diffs.size > 0;
    if (!this.heldUntilSent) this.options.storage.removeItem(HELD_KEY_PREFIX + this.user);
  }

  /** The changes kept for this user are on the server: their key goes. */
  private releaseHeld(): void {
    if (!this.heldUntilSent || this.user === undefined || this.outgoing().length > 0) return;
    this.heldUntilSent = false;
    this.options.storage.removeItem(HELD_KEY_PREFIX + this.user);
  }

  private restoreBases(bases: SavedSync['bases']): void {
    for (const [name, base] of this.base) {
      const mirror = this.mirror.get(name) ?? new Map<string, UserRecord>();
      for (const [id, entry] of Object.entries(bases[name] ?? {})) {
        const held = mirror.get(id);
        if (typeof entry !== 'string') base.set(id, entry);
        // Saved as "the same as this browser's": still so unless it changed since (then unknown).
        else if (held && signature(held) === entry) base.set(id, held);
      }
    }
  }

  /** Whether records of `kind` in `store` go to the server and come from it. */
  private travels(store: string, kind: string): boolean {
    return !(this.options.stores.find(({ name }) => name === store)?.deviceOnly ?? []).includes(kind);
  }

  /** The server's answer without what stays on each device. */
  private travelling(answer: WorkspaceRead<ServerRecord>): WorkspaceRead<ServerRecord> {
    return { ...answer, records: answer.records.filter((record) => this.travels(record.store, record.kind)) };
  }

  /** Whether this browser holds work of its own: what stays on the device (a link's charts) is not. */
  private hasOwnWork(): boolean {
    return this.options.stores.some(({ name, defaults, incidental = [] }) =>
      [...(this.mirror.get(name)?.values() ?? [])].some(
        (record) =>
          !record.deleted &&
          this.travels(name, record.kind) &&
          !incidental.includes(record.kind) &&
          !(defaults.has(record.id) && sameValue(defaults.get(record.id)?.value, record.value)),
      ),
    );
  }

  private sameAsServer(records: readonly ServerRecord[]): boolean {
    const live = (name: string) => [...(this.mirror.get(name)?.values() ?? [])].filter((record) => !record.deleted && this.travels(name, record.kind));
    const server = records.filter((record) => !record.deleted);
    const local = this.options.stores.flatMap(({ name }) => live(name).map((record) => ({ ...record, store: name })));
    return (
      server.length === local.length &&
      server.every(
        (record) => sameValue(this.mirror.get(record.store)?.get(record.id)?.value, record.value) && !this.mirror.get(record.store)?.get(record.id)?.deleted,
      )
    );
  }

  /**
   * `anotherUser`: what this browser holds was the workspace of another user signed in here
   * before (kept on the server as theirs): the newcomer takes their own, never a copy of it, and
   * one whose workspace is empty starts from a new browser's (the default lists).
   */
  private async firstContact(everything: WorkspaceRead<ServerRecord>, anotherUser = false): Promise<void> {
    const answer = this.travelling(everything);
    const serverEmpty = answer.records.every((record) => record.deleted);
    let choice: SyncChoice;
    if (anotherUser) choice = serverEmpty ? 'browser' : 'server';
    else if (serverEmpty) choice = 'browser';
    else if (!this.hasOwnWork()) choice = 'server';
    else if (this.sameAsServer(answer.records)) choice = 'merge';
    else {
      this.say({ state: 'asking' });
      choice = await this.options.ask();
      if (this.stopped) return;
      this.say({ state: 'connecting' });
    }
    this.user = answer.user;
    this.serverRev = answer.serverRev;
    const now = this.options.now();
    if (anotherUser && choice === 'browser') this.resetToDefaults(now);
    const byStore = new Map<string, ServerRecord[]>();
    for (const record of answer.records) byStore.set(record.store, [...(byStore.get(record.store) ?? []), record]);
    for (const { name, merges = {} } of this.options.stores) {
      const mirror = this.mirror.get(name) ?? new Map<string, UserRecord>();
      const base = new Map<string, UserRecord>();
      const diff = emptyDiff();
      for (const stored of byStore.get(name) ?? []) {
        const record = plain(stored);
        base.set(record.id, record);
        const held = mirror.get(record.id);
        if (held && sameRevision(held, record)) continue;
        if (choice === 'browser') {
          // This browser's copy, or its absence, becomes the latest revision (sent below).
          if ((!held || held.deleted) && record.deleted) continue;
          const rev = Math.max(held?.rev ?? 0, record.rev) + 1;
          const next: UserRecord =
            held && !held.deleted
              ? { ...plain(held), rev, by: this.options.id, updatedAt: now }
              : { ...nothingOf(record), rev, by: this.options.id, updatedAt: now, deleted: true };
          mirror.set(record.id, next);
          diff.updated.push([held ?? record, next]);
        } else if (choice === 'server' || !held) {
          mirror.set(record.id, record);
          if (held) diff.updated.push([held, record]);
          else diff.added.push(record);
        } else {
          // Merge: lists keep both sides' items; any other record, the later revision.
          const from = nothingOf(record);
          if (mergeChange(mirror, from, record, merges).changed) diff.updated.push([from, record]);
        }
      }
      if (choice === 'server')
        for (const held of [...mirror.values()]) {
          if (base.has(held.id) || held.deleted || !this.travels(name, held.kind)) continue;
          const tombstone: UserRecord = { ...nothingOf(held), rev: held.rev + 1, by: this.options.id, updatedAt: now, deleted: true };
          mirror.set(held.id, tombstone);
          // Never on the server: nothing to send.
          base.set(held.id, tombstone);
          diff.removed.push(tombstone);
        }
      this.base.set(name, base);
      this.post(name, diff, true);
    }
    this.ready = true;
  }

  /**
   * This browser's records made a new browser's (each store's defaults), as revisions of its own,
   * shown in the tabs: nothing of the last user's stays for the next. What stays on the device
   * (the charts on screen) stays as it is.
   */
  private resetToDefaults(now: number): void {
    for (const { name, defaults } of this.options.stores) {
      const mirror = this.mirror.get(name);
      if (!mirror) continue;
      const values = new Map([...defaults].filter(([, { kind }]) => this.travels(name, kind)));
      for (const [id, record] of mirror) if (!record.deleted && !this.travels(name, record.kind)) values.set(id, { kind: record.kind, value: record.value });
      const { records, diff } = reviseRecords(mirror, values, this.options.id, now);
      this.mirror.set(name, records);
      this.post(name, diff);
    }
  }

  private async pull(): Promise<void> {
    const answer = await this.options.transport.read(this.serverRev);
    if (!answer) return;
    this.applyPulled(answer);
    this.save();
  }

  /** Other devices' records: merged here as a tab merges another's, and posted to the tabs. */
  /** `history`: what the first read brings (what happened before this page), not news. */
  private applyPulled(answer: WorkspaceRead<ServerRecord>, history = false): void {
    const diffs = new Map<string, RecordsDiff>();
    for (const stored of this.travelling(answer).records) {
      const store = this.options.stores.find(({ name }) => name === stored.store);
      const mirror = this.mirror.get(stored.store);
      const base = this.base.get(stored.store);
      if (!store || !mirror || !base) continue;
      const record = plain(stored);
      const known = base.get(record.id);
      base.set(record.id, record);
      if (known && sameRevision(known, record)) continue;
      const held = mirror.get(record.id);
      const { changed } = mergeChange(mirror, known, record, store.merges ?? {});
      if (!changed) continue;
      // A change of this browser's not sent yet, combined here with the other device's.
      if (held && known && !sameRevision(known, held) && !sameValue(held.value, changed.value))
        this.options.onCombined?.({ store: store.name, base: known, mine: held, result: changed });
      const diff = diffs.get(store.name) ?? emptyDiff();
      diffs.set(store.name, diff);
      if (known) diff.updated.push([known, record]);
      else diff.added.push(record);
    }
    for (const [name, diff] of diffs) this.post(name, diff, history);
    this.serverRev = Math.max(this.serverRev, answer.serverRev);
  }

  private outgoing(): OutgoingChange[] {
    const changes: OutgoingChange[] = [];
    for (const [store, mirror] of this.mirror) {
      const base = this.base.get(store);
      for (const [id, record] of mirror) {
        if (!this.travels(store, record.kind)) continue;
        const known = base?.get(id);
        if (known ? sameRevision(known, record) : record.deleted) continue;
        changes.push({ store, ...(known && { from: known }), to: plain(record) });
      }
    }
    return changes;
  }

  /**
   * Sends this browser's changes, store by store: a store the server refuses (past a limit) keeps
   * its changes here, and the other stores' still go. Whether there were any; throws the refusal
   * once the rest are sent.
   */
  private async push(): Promise<boolean> {
    const changes = this.outgoing();
    if (changes.length === 0) {
      this.releaseHeld();
      return false;
    }
    this.say({ state: 'sending' });
    let refused: SyncRefusal | undefined;
    for (const { name } of this.options.stores) {
      const ofStore = changes.filter((change) => change.store === name);
      try {
        for (let start = 0; start < ofStore.length; start += CHUNK) {
          const sent = ofStore.slice(start, start + CHUNK);
          this.stored(await this.options.transport.write(sent), sent);
        }
      } catch (error) {
        if (!(error instanceof SyncRefusal) || !LIMIT_STATUSES.includes(error.status)) throw error;
        refused = error;
      }
    }
    this.save();
    if (refused) throw refused;
    this.releaseHeld();
    return true;
  }

  /**
   * What the server stored: its copies known, and a change it combined with another device's taken
   * by the tabs. A record changed here while it was on its way (the next key of a note) keeps that
   * change: the stored copy is only its base (sent next), or, combined, merged with it.
   */
  private stored(written: WorkspaceWritten<ServerRecord>, sent: readonly OutgoingChange[]): void {
    const diffs = new Map<string, RecordsDiff>();
    for (const stored of written.stored) {
      const record = plain(stored);
      this.base.get(stored.store)?.set(record.id, record);
      const mirror = this.mirror.get(stored.store);
      const held = mirror?.get(record.id);
      if (!mirror || !held || sameRevision(held, record)) continue;
      const change = sent.find(({ store, to }) => store === stored.store && to.id === record.id);
      const sentTo = change?.to;
      if (change && !sameValue(change.to.value, record.value))
        this.options.onCombined?.({ store: stored.store, ...(change.from && { base: change.from }), mine: change.to, result: record });
      const changedSince = sentTo !== undefined && !sameRevision(held, sentTo);
      if (changedSince && sameRevision(sentTo, record)) continue;
      const merges = this.options.stores.find(({ name }) => name === stored.store)?.merges ?? {};
      let taken: UserRecord | undefined = record;
      if (changedSince) taken = mergeChange(mirror, sentTo, record, merges).changed;
      else mirror.set(record.id, record);
      if (!taken) continue;
      const diff = diffs.get(stored.store) ?? emptyDiff();
      diffs.set(stored.store, diff);
      diff.updated.push([held, taken]);
    }
    for (const [name, diff] of diffs) this.post(name, diff);
  }

  /** Another member's change: kept in the mirror, and sent soon. */
  private take(name: string, data: unknown, merges: Readonly<Record<string, ThreeWayMerge>>): void {
    if (!isBatch(data, name) || data.source === this.options.id) return;
    const mirror = this.mirror.get(name);
    if (!mirror) return;
    const base = this.base.get(name);
    let changed = false;
    let newlyChanged = false;
    for (const [from, to] of changesOf(data.diff)) {
      const known = base?.get(to.id);
      const wasSynced = known !== undefined && sameRevision(known, mirror.get(to.id) ?? to);
      if (!mergeChange(mirror, from, to, merges).changed) continue;
      changed = true;
      if (wasSynced) newlyChanged = true;
    }
    if (!changed || !this.ready) return;
    // Saved when a record first differs from the server's: a browser closed before the send
    // still knows what the change was made on.
    if (newlyChanged) this.save();
    // Already due: this change goes with the others. The 0 ms at least gathers a task's changes.
    if (this.pushTimer !== undefined) return;
    const due = Math.max(0, this.lastRoundAt + (this.options.pushDelayMs ?? 100) - this.options.now());
    this.pushTimer = setTimeout(() => {
      this.pushTimer = undefined;
      this.sync();
    }, due);
  }

  /** The server's changes to the tabs; `history` when they are what happened before this page (its first read). */
  private post(name: string, diff: RecordsDiff, history = false): void {
    if (isEmptyDiff(diff)) return;
    const batch: ChangeBatch & { history?: true } = { store: name, source: this.options.id, diff, ...(history && { history: true }) };
    this.channels.get(name)?.postMessage(batch);
  }

  private save(): void {
    if (this.user === undefined) return;
    const bases: SavedSync['bases'] = {};
    for (const [name, base] of this.base) {
      const mirror = this.mirror.get(name);
      const entries: Record<string, UserRecord | string> = {};
      for (const [id, record] of base) {
        const held = mirror?.get(id);
        entries[id] = held && sameRevision(held, record) ? signature(record) : record;
      }
      bases[name] = entries;
    }
    const saved: SavedSync = { version: 1, user: this.user, serverRev: this.serverRev, bases };
    try {
      this.options.storage.setItem(SYNC_KEY, JSON.stringify(saved));
    } catch {
      // Full: the next round saves again; meanwhile the server's copies are known in memory.
    }
  }
}
