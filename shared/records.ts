/**
 * The user's data as versioned records, the unit that tabs (and, next, the server) exchange:
 * each record has an id, a kind, a revision (a per-record counter), the time and the tab of that
 * revision, and a deletion is kept as a tombstone, so a stale copy cannot bring it back. After
 * tldraw's store (record diffs: added, updated as [from, to], removed) and excalidraw's
 * reconciliation (the higher version wins, a nonce breaks ties); our own, small.
 */

export interface UserRecord<V = unknown> {
  /** Unique in its store, `kind:key` (watchlist:us, drawing:AAPL.US/d-1). */
  id: string;
  kind: string;
  /** Starts at 1; each change adds one. */
  rev: number;
  /** When this revision was made (ms since 1970). */
  updatedAt: number;
  /** The tab (later: the device) that made this revision; breaks ties between equal revisions. */
  by: string;
  /** A tombstone: the record was deleted at this revision (it has no value). */
  deleted?: true;
  value?: V;
  /** The server's revision when it last stored this record (set by the coming server sync). */
  serverRev?: number;
}

/** What changed between two sets of records (a removal is the tombstone that replaced the record). */
export interface RecordsDiff<V = unknown> {
  added: UserRecord<V>[];
  updated: [from: UserRecord<V>, to: UserRecord<V>][];
  removed: UserRecord<V>[];
}

/**
 * Changes as one tab sends them: to the other tabs now, to the server next (made on top of the
 * server revision `baseServerRev`, which the server answers with a new one).
 */
export interface ChangeBatch<V = unknown> {
  /** The store's name (app, drawings, alerts). */
  store: string;
  /** The sending tab. */
  source: string;
  baseServerRev?: number;
  diff: RecordsDiff<V>;
}

/** A record's current content as its store derives it from its state. */
export interface RecordValue {
  kind: string;
  value: unknown;
}

export type RecordMap = ReadonlyMap<string, UserRecord>;

export function emptyDiff<V>(): RecordsDiff<V> {
  return { added: [], updated: [], removed: [] };
}

export function isEmptyDiff(diff: RecordsDiff): boolean {
  return diff.added.length === 0 && diff.updated.length === 0 && diff.removed.length === 0;
}

/** Values compare by their JSON (a record's value is plain data). */
export function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The same revision: same counter, same tab, same content. */
export function sameRevision(a: UserRecord, b: UserRecord): boolean {
  return a.rev === b.rev && a.by === b.by && a.deleted === b.deleted && sameValue(a.value, b.value);
}

/**
 * Whether revision `a` beats `b`: the higher counter, then the greater tab id, then the greater
 * content. A total order, so every tab picks the same winner whatever the order of arrival.
 */
export function beats(a: UserRecord, b: UserRecord): boolean {
  if (a.rev !== b.rev) return a.rev > b.rev;
  if (a.by !== b.by) return a.by > b.by;
  return JSON.stringify(a.value ?? null) > JSON.stringify(b.value ?? null);
}

/**
 * The records after the state's values `values`, made by tab `by` at `now`: a value that changed
 * (or is new, or comes back) gets the next revision, a record whose value is gone becomes a
 * tombstone. Returns the records and the diff.
 */
export function reviseRecords(
  records: RecordMap,
  values: ReadonlyMap<string, RecordValue>,
  by: string,
  now: number,
): { records: Map<string, UserRecord>; diff: RecordsDiff } {
  const next = new Map(records);
  const diff = emptyDiff();
  for (const [id, { kind, value }] of values) {
    const before = records.get(id);
    if (before && !before.deleted && sameValue(before.value, value)) continue;
    const record: UserRecord = { id, kind, rev: (before?.rev ?? 0) + 1, updatedAt: now, by, value };
    next.set(id, record);
    if (before && !before.deleted) diff.updated.push([before, record]);
    else diff.added.push(record);
  }
  for (const [id, before] of records) {
    if (before.deleted || values.has(id)) continue;
    const tombstone: UserRecord = { id, kind: before.kind, rev: before.rev + 1, updatedAt: now, by, deleted: true };
    next.set(id, tombstone);
    diff.removed.push(tombstone);
  }
  return { records: next, diff };
}

/**
 * Whether a change and the record held are a deletion and an edit made apart from one revision
 * (neither saw the other), when the deletion wins, however many revisions the edit counts. A
 * tab's removal travels without its base: a tombstone is made on the revision before it
 * (reviseRecords). A base of rev 0 (a first contact's "nothing") is no shared revision: the later
 * revision wins there.
 */
function deletionAgainstEdit(local: UserRecord, from: UserRecord | undefined, to: UserRecord): boolean {
  if (!local.deleted === !to.deleted) return false;
  const baseRev = from?.rev ?? (to.deleted ? to.rev - 1 : 0);
  return baseRev > 0 && local.rev >= baseRev;
}

/** Values of a kind whose concurrent edits are combined (both survive) instead of one winning. */
export type ThreeWayMerge = (base: unknown, winner: unknown, loser: unknown) => unknown;

/**
 * Takes another tab's change into `records`. A change made on the revision held here wins; so
 * does a later one. When both tabs changed the record from the same revision, a deletion wins
 * over the edit (whichever arrives first, every place keeps the tombstone); otherwise a kind with
 * a three-way merge combines both edits (the same result in every tab: the winner by `beats`, the
 * loser's changes against the shared base on top), else the revision that `beats` wins.
 * Returns the records that changed here, and those that were combined (to be sent on).
 */
export function mergeChange(
  records: Map<string, UserRecord>,
  from: UserRecord | undefined,
  to: UserRecord,
  merges: Readonly<Record<string, ThreeWayMerge>>,
): { changed?: UserRecord; combined?: UserRecord } {
  const local = records.get(to.id);
  if (!local) return take(records, to);
  if (sameRevision(local, to)) return {};
  const onBase = from !== undefined && sameRevision(local, from);
  const merge = merges[to.kind];
  if (!onBase && deletionAgainstEdit(local, from, to)) return to.deleted ? take(records, to) : {};
  const concurrent = !onBase && from !== undefined && local.rev >= from.rev;
  if (concurrent && merge && !local.deleted && !to.deleted) {
    const [winner, loser] = beats(to, local) ? [to, local] : [local, to];
    const combined: UserRecord = { ...winner, rev: Math.max(local.rev, to.rev) + 1, value: merge(from.value, winner.value, loser.value) };
    records.set(to.id, combined);
    return { changed: combined, combined };
  }
  return onBase || beats(to, local) ? take(records, to) : {};
}

function take(records: Map<string, UserRecord>, to: UserRecord): { changed: UserRecord } {
  records.set(to.id, to);
  return { changed: to };
}

/**
 * A list edited in two places, both edits kept: the winner's list, without what the loser
 * removed from the base, with what the loser added (in its order) at the end.
 */
export function mergeLists<T>(base: readonly T[], winner: readonly T[], loser: readonly T[]): T[] {
  const removed = new Set(base.filter((item) => !loser.includes(item)));
  const kept = winner.filter((item) => !removed.has(item));
  return [...kept, ...loser.filter((item) => !base.includes(item) && !kept.includes(item))];
}

/** The live records' values by id (tombstones left out). */
export function liveValues(records: RecordMap): Map<string, RecordValue> {
  const values = new Map<string, RecordValue>();
  for (const [id, record] of records) if (!record.deleted) values.set(id, { kind: record.kind, value: record.value });
  return values;
}
