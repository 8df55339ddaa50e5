/**
 * The workspace API between a browser and the server (`/chartroom/workspace`; `/v1` stays the
 * market API), shared by both:
 *
 * - `GET  /chartroom/workspace?since=N` → `{ user, serverRev, records }`: the user's records stored
 *   after server revision N (all of them without `since`), tombstones included.
 * - `POST /chartroom/workspace` with `{ changes: [{ store, from?, to }] }` → `{ serverRev, stored }`:
 *   the batch stored whole (merged per record), or refused whole with an error envelope.
 * - `GET  /chartroom/workspace/events`: an event stream of the user's server revision, so a
 *   browser reads the changes another device made as soon as they are stored.
 *
 * The limits are the server's; a batch past one is refused with a message that names it.
 */
import * as z from './schema.ts';

export const WORKSPACE_PATH = '/chartroom/workspace';
/** The event stream of the user's server revision (`event: rev`, `data: N`), now and after each change. */
export const WORKSPACE_EVENTS_PATH = `${WORKSPACE_PATH}/events`;

export const WORKSPACE_LIMITS = {
  /** Changes in one POST. */
  maxChanges: 1_000,
  /** A record's value as JSON, in characters. */
  maxRecordChars: 64 * 1024,
  /** A POST body, in bytes. */
  maxBodyBytes: 4 * 1024 * 1024,
  /** Records a user may hold (tombstones included). */
  maxRecords: 20_000,
  /** Live drawings on one symbol (`drawing:<symbol>/<id>` records). */
  maxDrawingsPerSymbol: 1_000,
  /** Writes per user per minute. */
  writesPerMinute: 600,
  /** Event streams one user may hold open (tabs leading a browser's sync: one per browser). */
  streamsPerUser: 32,
} as const;

/** The stores whose records travel (the browser's record stores). */
export const WORKSPACE_STORES = ['app', 'drawings', 'alerts', 'paper', 'screens'] as const;

const storeName = z
  .string()
  .check((value) => ((WORKSPACE_STORES as readonly string[]).includes(value) ? undefined : `expected one of ${WORKSPACE_STORES.join(', ')}`));
const bounded = (max: number) => z.string().check(z.minLength(1), z.maxLength(max));

export const recordSchema = z.object({
  id: bounded(256),
  kind: bounded(64),
  rev: z.int().check(z.minimum(1), z.maximum(2 ** 31 - 1)),
  updatedAt: z.number().check(z.minimum(0)),
  by: bounded(128),
  deleted: z.optional(z.boolean()),
  value: z.optional(z.unknown()),
});

export const changeSchema = z
  .object({
    store: storeName,
    from: z.optional(recordSchema),
    to: recordSchema.check((record) => {
      if (record.id !== record.kind && !record.id.startsWith(`${record.kind}:`)) return 'a record id is its kind, or kind:key';
      if (record.deleted === true) return record.value === undefined ? undefined : 'a deleted record has no value';
      if (record.deleted === false) return 'deleted is true or absent';
      if (record.value === undefined) return 'a record has a value unless deleted';
      return JSON.stringify(record.value).length <= WORKSPACE_LIMITS.maxRecordChars
        ? undefined
        : `a record's value is at most ${String(WORKSPACE_LIMITS.maxRecordChars)} characters of JSON`;
    }),
  })
  .check(({ from, to }) => (from === undefined || (from.id === to.id && from.kind === to.kind) ? undefined : 'from and to are one record'));

export const batchSchema = z.object({
  changes: z.array(changeSchema).check(z.maxLength(WORKSPACE_LIMITS.maxChanges)),
});

export type WorkspaceBatch = z.infer<typeof batchSchema>;

export type RecordInput = z.infer<typeof recordSchema>;

/** What `GET /chartroom/workspace` answers. */
export interface WorkspaceRead<R = RecordInput & { store: string; serverRev: number }> {
  /** Who the server signed in (`local` without sign-in): a browser keeps its sync per user. */
  user: string;
  serverRev: number;
  records: R[];
}

/** What `POST /chartroom/workspace` answers. */
export interface WorkspaceWritten<R = RecordInput & { store: string; serverRev: number }> {
  serverRev: number;
  stored: R[];
}
