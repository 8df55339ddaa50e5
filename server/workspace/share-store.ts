/**
 * Shared watchlists and layouts in the database (shared/share-protocol.ts). A share belongs to
 * the user who made it; only they list or revoke it. Anyone signed in reads one by its id until
 * it is revoked; a revoked share stays as a row (its content emptied), so its link answers
 * "revoked" rather than "unknown".
 */
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { SHARE_ID, SHARE_LIMITS, type ShareKind, type ShareRead, type ShareSummary } from '#shared/share-protocol.ts';
import type { Database } from '../db/schema.ts';
import { WorkspaceLimitError } from './workspace-store.ts';

export type ShareLookup = ShareRead | 'revoked' | 'unknown';

interface SummaryRow {
  share_id: string;
  owner_id: string;
  kind: string;
  name: string;
  created_at: string | number | bigint;
}

const summaryOf = (row: SummaryRow): ShareSummary => ({
  id: row.share_id,
  kind: row.kind as ShareKind,
  name: row.name,
  owner: row.owner_id,
  createdAt: Number(row.created_at),
});

export class ShareStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number = Date.now,
    private readonly maxShares: number = SHARE_LIMITS.maxShares,
  ) {}

  /** A new share of `owner`'s; refused (WorkspaceLimitError) past the live-share limit. */
  async create(owner: string, kind: ShareKind, name: string, value: unknown): Promise<ShareSummary> {
    const id = randomBytes(16).toString('base64url');
    const createdAt = this.now();
    await this.db.transaction().execute(async (trx) => {
      const { live } = await trx
        .selectFrom('workspace_shares')
        .select((eb) => eb.fn.countAll<string>().as('live'))
        .where('owner_id', '=', owner)
        .where('revoked_at', 'is', null)
        .executeTakeFirstOrThrow();
      if (Number(live) >= this.maxShares) throw new WorkspaceLimitError(`at most ${String(this.maxShares)} live shares per user: revoke one first`);
      await trx
        .insertInto('workspace_shares')
        .values({ share_id: id, owner_id: owner, kind, name, value: JSON.stringify(value), created_at: createdAt, revoked_at: null })
        .execute();
    });
    return { id, kind, name, owner, createdAt };
  }

  /** The owner's live shares, newest first. */
  async listOwn(owner: string): Promise<ShareSummary[]> {
    const rows = await this.db
      .selectFrom('workspace_shares')
      .select(['share_id', 'owner_id', 'kind', 'name', 'created_at'])
      .where('owner_id', '=', owner)
      .where('revoked_at', 'is', null)
      .orderBy('created_at', 'desc')
      .execute();
    return rows.map(summaryOf);
  }

  /** A share by its id, for anyone signed in. */
  async read(id: string): Promise<ShareLookup> {
    if (!SHARE_ID.test(id)) return 'unknown';
    const row = await this.db.selectFrom('workspace_shares').selectAll().where('share_id', '=', id).executeTakeFirst();
    if (row === undefined) return 'unknown';
    if (row.revoked_at !== null) return 'revoked';
    return { share: summaryOf(row), value: JSON.parse(row.value) as unknown };
  }

  /** Revokes the owner's share `id`; false when they have no such live share (another's included). */
  async revoke(owner: string, id: string): Promise<boolean> {
    if (!SHARE_ID.test(id)) return false;
    const result = await this.db
      .updateTable('workspace_shares')
      .set({ revoked_at: this.now(), value: 'null' })
      .where('share_id', '=', id)
      .where('owner_id', '=', owner)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }
}
