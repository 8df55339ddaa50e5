/**
 * Each user's webhook signing secret, made on first use and kept in `server_secrets`. Two
 * instances asked at once both try to insert theirs; the database keeps the first, and both then
 * read that one back, so every delivery of the user is signed with the same key whichever
 * instance sends it.
 */
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

const secretName = (user: string) => `webhook-signing:${user}`;

async function readSecret(db: Kysely<Database>, name: string): Promise<string | undefined> {
  const row = await db.selectFrom('server_secrets').select('value').where('name', '=', name).executeTakeFirst();
  return row?.value;
}

export async function webhookSecret(db: Kysely<Database>, user: string, now: number = Date.now()): Promise<string> {
  const name = secretName(user);
  const existing = await readSecret(db, name);
  if (existing !== undefined) return existing;
  const value = randomBytes(32).toString('base64url');
  await db
    .insertInto('server_secrets')
    .values({ name, value, created_at: now })
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
  const stored = await readSecret(db, name);
  if (stored === undefined) throw new Error(`the webhook secret of ${user} was not stored`);
  return stored;
}
