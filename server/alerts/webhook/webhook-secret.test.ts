/**
 * Each user's signing secret, on PGlite and on a real PostgreSQL: made once, 32 random bytes,
 * the same for concurrent callers and for two instances on one database, and one per user.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { databaseBackends } from '../../test-support/database-backends.ts';
import { useDatabase } from '../../test-support/use-database.ts';
import { webhookSecret } from './webhook-secret.ts';

describe.each(databaseBackends())('webhook secrets on $name', (backend) => {
  const database = useDatabase(backend);
  beforeEach(async () => {
    await database.db.deleteFrom('server_secrets').where('name', 'like', 'webhook-signing:%').execute();
  });

  it('makes 32 random bytes once, and keeps them', async () => {
    const secret = await webhookSecret(database.db, 'alice', 1_000);
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(secret, 'base64url')).toHaveLength(32);
    expect(await webhookSecret(database.db, 'alice', 2_000)).toBe(secret);
    const rows = await database.db.selectFrom('server_secrets').selectAll().where('name', '=', 'webhook-signing:alice').execute();
    expect(rows).toHaveLength(1);
    expect(Number(rows[0]?.created_at)).toBe(1_000);
    expect(await webhookSecret(database.db, 'bob')).not.toBe(secret);
  });

  it('gives concurrent callers one secret', async () => {
    const secrets = await Promise.all(Array.from({ length: 8 }, () => webhookSecret(database.db, 'carol')));
    expect(new Set(secrets).size).toBe(1);
  });

  it('reads the one another instance stored', async () => {
    await database.db.insertInto('server_secrets').values({ name: 'webhook-signing:dave', value: 'stored-elsewhere', created_at: 1 }).execute();
    expect(await webhookSecret(database.db, 'dave')).toBe('stored-elsewhere');
  });

  it.runIf(backend.name === 'PostgreSQL')('agrees across two instances racing on one database', async () => {
    const other = await backend.open();
    try {
      const [mine, theirs] = await Promise.all([webhookSecret(database.db, 'erin'), webhookSecret(other.db, 'erin')]);
      expect(theirs).toBe(mine);
    } finally {
      await other.close();
    }
  });
});
