/**
 * Each user's workspace records in the database: read them all or those changed since a server
 * revision, and store a batch of changes. A change carries the record it was made on (`from`,
 * what the device last had) and the new revision (`to`); the server merges it per record by the
 * tabs' own rules (shared/records.ts, shared/record-merges.ts): made on what the server holds, or
 * later, it wins; made concurrently with another device's change, a list keeps both edits, else
 * the revision that `beats` wins. A deleted record stays as a tombstone, so a device's stale copy
 * cannot bring it back; an edit made after the deletion (a higher revision) does.
 *
 * A user's writes are serialised by a row lock on their counter (`select … for update`), so
 * several instances on one PostgreSQL store each batch whole and number it once.
 */
import type { Kysely, Selectable, SelectQueryBuilder, Transaction } from 'kysely';
import { RECORD_MERGES } from '#shared/record-merges.ts';
import { mergeChange, type UserRecord } from '#shared/records.ts';
import { WORKSPACE_LIMITS } from '#shared/workspace-protocol.ts';
import type { Database, WorkspaceRecordsTable } from '../db/schema.ts';

/** A record as the server stores it: its store, and the server revision that stored it. */
export interface StoredRecord extends UserRecord {
  store: string;
  serverRev: number;
}

export interface WorkspaceChange {
  store: string;
  /** The record as the device last had it; absent for a record the device made. */
  from?: UserRecord | undefined;
  to: UserRecord;
}

export interface WorkspaceLimits {
  /** Records a user may hold, tombstones included (a deletion keeps its record). */
  maxRecords: number;
  /** Live drawings a user may keep on one symbol. */
  maxDrawingsPerSymbol: number;
}

export const DEFAULT_WORKSPACE_LIMITS: WorkspaceLimits = {
  maxRecords: WORKSPACE_LIMITS.maxRecords,
  maxDrawingsPerSymbol: WORKSPACE_LIMITS.maxDrawingsPerSymbol,
};

/** A drawing record's symbol prefix (`drawing:AAPL.US/` of `drawing:AAPL.US/d-1`). */
function drawingPrefixOf(record: StoredRecord): string | undefined {
  if (record.store !== 'drawings' || record.kind !== 'drawing' || record.deleted) return undefined;
  const slash = record.id.lastIndexOf('/');
  return slash === -1 ? undefined : record.id.slice(0, slash + 1);
}

/** A batch refused whole: nothing of it was stored. */
export class WorkspaceLimitError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WorkspaceLimitError';
  }
}

type Row = Selectable<Pick<WorkspaceRecordsTable, 'store' | 'record_id' | 'kind' | 'rev' | 'by_device' | 'updated_at' | 'deleted' | 'value' | 'server_rev'>>;

export function recordOf(row: Row): StoredRecord {
  return {
    store: row.store,
    id: row.record_id,
    kind: row.kind,
    rev: row.rev,
    by: row.by_device,
    updatedAt: Number(row.updated_at),
    serverRev: Number(row.server_rev),
    ...(row.deleted ? { deleted: true as const } : { value: row.value === null ? null : (JSON.parse(row.value) as unknown) }),
  };
}

export const RECORD_COLUMNS = ['store', 'record_id', 'kind', 'rev', 'by_device', 'updated_at', 'deleted', 'value', 'server_rev'] as const;

type RecordQuery = SelectQueryBuilder<Database, 'workspace_records', Pick<Selectable<WorkspaceRecordsTable>, (typeof RECORD_COLUMNS)[number]>>;

export class WorkspaceStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly limits: WorkspaceLimits = DEFAULT_WORKSPACE_LIMITS,
  ) {}

  /** The user's server revision (0 before their first write). */
  async revision(user: string): Promise<number> {
    const counter = await this.db.selectFrom('workspace_users').select('server_rev').where('user_id', '=', user).executeTakeFirst();
    return Number(counter?.server_rev ?? 0);
  }

  /** The user's server revision and their records stored after `since` (all of them from 0). */
  async read(user: string, since = 0): Promise<{ serverRev: number; records: StoredRecord[] }> {
    return this.readWhere(user, (query) => query.where('server_rev', '>', since).orderBy('server_rev'));
  }

  /** The user's server revision and their live records of one store (the server's alerts read `alerts`). */
  async readStore(user: string, store: string): Promise<{ serverRev: number; records: StoredRecord[] }> {
    return this.readWhere(user, (query) => query.where('store', '=', store).where('deleted', '=', false));
  }

  /** The user's counter and the records `narrow` selects, read together (one snapshot). */
  private async readWhere(user: string, narrow: (query: RecordQuery) => RecordQuery): Promise<{ serverRev: number; records: StoredRecord[] }> {
    return this.db.transaction().execute(async (trx) => {
      const counter = await trx.selectFrom('workspace_users').select('server_rev').where('user_id', '=', user).executeTakeFirst();
      const rows = await narrow(trx.selectFrom('workspace_records').select(RECORD_COLUMNS).where('user_id', '=', user)).execute();
      return { serverRev: Number(counter?.server_rev ?? 0), records: rows.map(recordOf) };
    });
  }

  /**
   * Stores a batch of changes whole, or none of it (a limit passed). Returns the user's new
   * server revision and every record the batch changed, as stored: a change the server merged
   * with another device's comes back combined, one that lost does not come back.
   */
  async write(user: string, changes: readonly WorkspaceChange[]): Promise<{ serverRev: number; stored: StoredRecord[] }> {
    return this.db.transaction().execute((trx) => this.writeWithin(trx, user, changes));
  }

  /**
   * `write` inside a transaction of the caller's (the server's alerts record a trigger with the
   * alert's change in one): the same merge, limits and numbering, committed with the caller's work.
   */
  async writeWithin(trx: Transaction<Database>, user: string, changes: readonly WorkspaceChange[]): Promise<{ serverRev: number; stored: StoredRecord[] }> {
    let serverRev = await lockCounter(trx, user);
    const held = await heldRecords(trx, user, changes);
    const stored: StoredRecord[] = [];
    for (const { store, from, to } of changes) {
      const records = held.get(store) ?? new Map<string, UserRecord>();
      held.set(store, records);
      const { changed } = mergeChange(records, from, to, RECORD_MERGES[store] ?? {});
      if (!changed) continue;
      serverRev += 1;
      stored.push({ ...withoutServerRev(changed), store, serverRev });
    }
    if (stored.length === 0) return { serverRev, stored };
    // The last revision of each record in the batch is the one kept.
    const latest = [...new Map(stored.map((record) => [`${record.store}\u0000${record.id}`, record])).values()];
    await trx
      .insertInto('workspace_records')
      .values(latest.map((record) => rowOf(user, record)))
      .onConflict((conflict) =>
        conflict.columns(['user_id', 'store', 'record_id']).doUpdateSet((eb) => ({
          kind: eb.ref('excluded.kind'),
          rev: eb.ref('excluded.rev'),
          by_device: eb.ref('excluded.by_device'),
          updated_at: eb.ref('excluded.updated_at'),
          deleted: eb.ref('excluded.deleted'),
          value: eb.ref('excluded.value'),
          server_rev: eb.ref('excluded.server_rev'),
        })),
      )
      .execute();
    const { count } = await trx
      .selectFrom('workspace_records')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('user_id', '=', user)
      .executeTakeFirstOrThrow();
    if (Number(count) > this.limits.maxRecords) throw new WorkspaceLimitError(`a workspace holds at most ${String(this.limits.maxRecords)} records`);
    await this.checkDrawings(trx, user, latest);
    await trx.updateTable('workspace_users').set({ server_rev: serverRev }).where('user_id', '=', user).execute();
    return { serverRev, stored: latest };
  }

  /** Refuses the batch when a symbol it drew on now holds more live drawings than the limit. */
  private async checkDrawings(trx: Transaction<Database>, user: string, records: readonly StoredRecord[]): Promise<void> {
    const prefixes = new Set(records.map(drawingPrefixOf).filter((prefix) => prefix !== undefined));
    for (const prefix of prefixes) {
      const { count } = await trx
        .selectFrom('workspace_records')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .where('user_id', '=', user)
        .where('store', '=', 'drawings')
        .where('deleted', '=', false)
        .where((eb) => eb.fn<boolean>('starts_with', ['record_id', eb.val(prefix)]))
        .executeTakeFirstOrThrow();
      if (Number(count) > this.limits.maxDrawingsPerSymbol)
        throw new WorkspaceLimitError(`a symbol holds at most ${String(this.limits.maxDrawingsPerSymbol)} drawings (${prefix.slice('drawing:'.length, -1)})`);
    }
  }
}

const withoutServerRev = ({ serverRev: _serverRev, ...record }: UserRecord): UserRecord => record;

function rowOf(user: string, record: StoredRecord) {
  return {
    user_id: user,
    store: record.store,
    record_id: record.id,
    kind: record.kind,
    rev: record.rev,
    by_device: record.by,
    updated_at: record.updatedAt,
    deleted: record.deleted === true,
    value: record.deleted ? null : JSON.stringify(record.value ?? null),
    server_rev: record.serverRev,
  };
}

/** The user's counter, created at 0 the first time, locked until the transaction ends. */
export async function lockCounter(trx: Transaction<Database>, user: string): Promise<number> {
  await trx
    .insertInto('workspace_users')
    .values({ user_id: user, server_rev: 0 })
    .onConflict((conflict) => conflict.column('user_id').doNothing())
    .execute();
  const row = await trx.selectFrom('workspace_users').select('server_rev').where('user_id', '=', user).forUpdate().executeTakeFirstOrThrow();
  return Number(row.server_rev);
}

/** What the server holds of the batch's records, by store and id. */
async function heldRecords(trx: Transaction<Database>, user: string, changes: readonly WorkspaceChange[]): Promise<Map<string, Map<string, UserRecord>>> {
  const held = new Map<string, Map<string, UserRecord>>();
  const ids = [...new Set(changes.map(({ to }) => to.id))];
  if (ids.length === 0) return held;
  const rows = await trx.selectFrom('workspace_records').select(RECORD_COLUMNS).where('user_id', '=', user).where('record_id', 'in', ids).execute();
  for (const row of rows) {
    const records = held.get(row.store) ?? new Map<string, UserRecord>();
    records.set(row.record_id, withoutServerRev(recordOf(row)));
    held.set(row.store, records);
  }
  return held;
}
