/**
 * "Export my data" and its import: the whole workspace (every store's live records) as one JSON
 * file, and a file read back into the stores. An import restores the file's records over what the
 * browser holds (each becomes the next revision of its record, so every tab and the server take
 * it) and keeps the records the file lacks: nothing is lost by importing. A kind with a cap (the
 * alerts') takes new records only as far as the cap leaves room: the rest are left out and
 * counted, none held is dropped to make room.
 */
import * as z from '#shared/schema.ts';
import { emptyDiff, sameValue, type RecordsDiff, type UserRecord } from '#shared/records.ts';
import { recordSchema, WORKSPACE_STORES } from '#shared/workspace-protocol.ts';

export const WORKSPACE_FILE_FORMAT = 'chartroom-workspace';

export interface WorkspaceFile {
  format: typeof WORKSPACE_FILE_FORMAT;
  version: 1;
  exportedAt: string;
  stores: Record<string, UserRecord[]>;
}

const fileSchema = z.object({
  format: z.string().check((value) => (value === WORKSPACE_FILE_FORMAT ? undefined : `expected ${WORKSPACE_FILE_FORMAT}`)),
  version: z.int().check((value) => (value === 1 ? undefined : 'expected version 1')),
  stores: z.record(
    z.string().check((name) => ((WORKSPACE_STORES as readonly string[]).includes(name) ? undefined : `expected one of ${WORKSPACE_STORES.join(', ')}`)),
    z.array(recordSchema),
  ),
});

/** The file of `records` (by store): live records only, as the stores hold them. */
export function workspaceFile(records: ReadonlyMap<string, ReadonlyMap<string, UserRecord>>, now: Date): WorkspaceFile {
  const stores: Record<string, UserRecord[]> = {};
  for (const [store, held] of records)
    stores[store] = [...held.values()]
      .filter((record) => !record.deleted)
      .map(({ id, kind, rev, updatedAt, by, value }) => ({ id, kind, rev, updatedAt, by, value }));
  return { format: WORKSPACE_FILE_FORMAT, version: 1, exportedAt: now.toISOString(), stores };
}

/** A file's records by store, or the reason it is not a workspace file. */
export function readWorkspaceFile(text: string): { stores: Map<string, UserRecord[]> } | { problem: string } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { problem: 'not JSON' };
  }
  const parsed = fileSchema.safeParse(json);
  if (!parsed.success) return { problem: parsed.error.message.slice(0, 300) };
  const stores = new Map<string, UserRecord[]>();
  for (const [store, records] of Object.entries(parsed.data.stores))
    stores.set(
      store,
      records
        .filter((record) => record.deleted !== true && record.value !== undefined)
        .map(({ id, kind, rev, updatedAt, by, value }) => ({ id, kind, rev, updatedAt, by, value })),
    );
  return { stores };
}

/** At most `max` live records of `kind` in a store (the store keeps no more: one past it would push another out). */
export interface RecordCap {
  kind: string;
  max: number;
}

export interface ImportChanges {
  diff: RecordsDiff;
  /** New records of the capped kind left out: no room under the cap. */
  refused: number;
}

const liveOfKind = (records: ReadonlyMap<string, UserRecord>, kind: string): number =>
  [...records.values()].filter((record) => record.kind === kind && !record.deleted).length;

/**
 * The changes that restore `imported` over `held` (a store's records): each imported value that
 * differs becomes the next revision of its record, made by `by` at `now`. Under `cap`, a record
 * new to the store (or deleted there) comes in only while there is room; a change of a live one
 * needs none.
 */
export function importDiff(held: ReadonlyMap<string, UserRecord>, imported: readonly UserRecord[], by: string, now: number, cap?: RecordCap): ImportChanges {
  const diff = emptyDiff();
  let room = cap ? cap.max - liveOfKind(held, cap.kind) : Number.POSITIVE_INFINITY;
  let refused = 0;
  for (const { id, kind, value } of imported) {
    const before = held.get(id);
    if (before && !before.deleted && sameValue(before.value, value)) continue;
    if (kind === cap?.kind && (!before || before.deleted)) {
      if (room <= 0) {
        refused += 1;
        continue;
      }
      room -= 1;
    }
    const record: UserRecord = { id, kind, rev: (before?.rev ?? 0) + 1, updatedAt: now, by, value };
    if (before) diff.updated.push([before, record]);
    else diff.added.push(record);
  }
  return { diff, refused };
}
