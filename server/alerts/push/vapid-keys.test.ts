import { createECDH } from 'node:crypto';
import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenDatabase } from '../../db/database.ts';
import { databaseBackends } from '../../test-support/database-backends.ts';
import { DEFAULT_VAPID_SUBJECT, vapidKeys, vapidKeysFromEnv } from './vapid-keys.ts';

/** Whether `publicKey` is the P-256 public key of `privateKey` (a pair web-push can sign with). */
function isPair({ publicKey, privateKey }: { publicKey: string; privateKey: string }): boolean {
  const curve = createECDH('prime256v1');
  curve.setPrivateKey(Buffer.from(privateKey, 'base64url'));
  return curve.getPublicKey('base64url') === publicKey;
}

describe.each(databaseBackends())('the VAPID key pair on $name', (backend) => {
  let database: OpenDatabase;
  beforeAll(async () => {
    database = await backend.open();
  }, 60_000);
  afterAll(async () => {
    await database.close();
    await backend.close();
  });

  const storedRows = () => database.db.selectFrom('server_secrets').selectAll().where('name', '=', 'vapid').execute();

  it('is made on first use, kept in the database, and the same after the database is opened again', async () => {
    const first = await vapidKeys(database.db, {}, () => 1_000);
    expect(isPair(first)).toBe(true);
    expect(first.subject).toBe(DEFAULT_VAPID_SUBJECT);
    expect(await storedRows()).toEqual([expect.objectContaining({ created_at: 1_000 })]);
    await database.close();
    database = await backend.open();
    const again = await vapidKeys(database.db, {});
    expect(again).toEqual(first);
  });

  it('is one pair when several instances make it at once', async () => {
    await database.db.deleteFrom('server_secrets').execute();
    // Each a Kysely of its own (nothing cached between them), on the one database.
    const instances = Array.from({ length: 6 }, () => database.db.withoutPlugins());
    const pairs = await Promise.all(instances.map((db) => vapidKeys(db, {})));
    expect(new Set(pairs.map((pair) => pair.publicKey)).size).toBe(1);
    expect(new Set(pairs.map((pair) => pair.privateKey)).size).toBe(1);
    const rows = await storedRows();
    expect(rows).toHaveLength(1);
    expect(JSON.parse(rows[0]?.value ?? '')).toEqual({ publicKey: pairs[0]?.publicKey, privateKey: pairs[0]?.privateKey });
  });

  it.runIf(backend.name === 'PostgreSQL')('is one pair when several servers start together on one PostgreSQL', async () => {
    await database.db.deleteFrom('server_secrets').execute();
    const servers = await Promise.all(Array.from({ length: 4 }, () => backend.open()));
    try {
      const pairs = await Promise.all(servers.map((server) => vapidKeys(server.db, {})));
      expect(new Set(pairs.map((pair) => pair.publicKey)).size).toBe(1);
      expect(await storedRows()).toHaveLength(1);
    } finally {
      await Promise.all(servers.map((server) => server.close()));
    }
  });

  it("is the environment's pair when it sets one, whatever the database holds", async () => {
    const server = database.db.withoutPlugins();
    const stored = await vapidKeys(server, {});
    const set = webpush.generateVAPIDKeys();
    const env = { VAPID_PUBLIC_KEY: set.publicKey, VAPID_PRIVATE_KEY: ` ${set.privateKey}\n`, VAPID_SUBJECT: 'https://desk.example/contact' };
    expect(await vapidKeys(server, env)).toEqual({ ...set, subject: 'https://desk.example/contact' });
    expect(await vapidKeys(server, { VAPID_SUBJECT: 'mailto:ops@desk.example' })).toEqual({ ...stored, subject: 'mailto:ops@desk.example' });
    expect((await storedRows()).map((row) => JSON.parse(row.value) as unknown)).toEqual([{ publicKey: stored.publicKey, privateKey: stored.privateKey }]);
  });

  it('refuses a stored value that is not a key pair instead of replacing it', async () => {
    await database.db.updateTable('server_secrets').set({ value: '{"publicKey":"x"}' }).where('name', '=', 'vapid').execute();
    const starting = database.db.withoutPlugins();
    await expect(vapidKeys(starting, {})).rejects.toThrow(/server_secrets 'vapid': not a VAPID key pair/);
    expect((await storedRows())[0]?.value).toBe('{"publicKey":"x"}');
    // Not kept as the answer: once the row is mended, the next call reads it.
    const mended = webpush.generateVAPIDKeys();
    await database.db
      .updateTable('server_secrets')
      .set({ value: JSON.stringify(mended) })
      .where('name', '=', 'vapid')
      .execute();
    expect(await vapidKeys(starting, {})).toMatchObject(mended);
  });
});

describe('VAPID settings', () => {
  const pair = webpush.generateVAPIDKeys();
  const other = webpush.generateVAPIDKeys();

  it('are a whole pair, or none', () => {
    expect(vapidKeysFromEnv({})).toBeUndefined();
    expect(vapidKeysFromEnv({ VAPID_PUBLIC_KEY: ' ', VAPID_PRIVATE_KEY: '' })).toBeUndefined();
    expect(() => vapidKeysFromEnv({ VAPID_PUBLIC_KEY: pair.publicKey })).toThrow(/set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY/);
    expect(() => vapidKeysFromEnv({ VAPID_PRIVATE_KEY: pair.privateKey })).toThrow(/set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY/);
  });

  it('refuse keys of two pairs, keys that are not P-256 ones, and a subject push services do not take, never saying the private key', () => {
    const refusals: [Record<string, string>, RegExp][] = [
      [{ VAPID_PUBLIC_KEY: other.publicKey, VAPID_PRIVATE_KEY: pair.privateKey }, /not the private key's/],
      [{ VAPID_PUBLIC_KEY: pair.publicKey, VAPID_PRIVATE_KEY: pair.privateKey.slice(0, 20) }, /not a P-256 private key/],
      [{ VAPID_PUBLIC_KEY: `${pair.publicKey}=`, VAPID_PRIVATE_KEY: pair.privateKey }, /two base64url keys/],
      [
        { ...pair, VAPID_PUBLIC_KEY: pair.publicKey, VAPID_PRIVATE_KEY: pair.privateKey, VAPID_SUBJECT: 'http://desk.example' },
        /VAPID_SUBJECT must be a mailto: or https: URL/,
      ],
    ];
    for (const [env, message] of refusals) {
      const refusal = (() => {
        try {
          vapidKeysFromEnv(env);
          return undefined;
        } catch (error) {
          return error instanceof Error ? error.message : String(error);
        }
      })();
      expect(refusal, JSON.stringify(env)).toMatch(message);
      expect(refusal).not.toContain(pair.privateKey.slice(0, 20));
    }
  });
});
