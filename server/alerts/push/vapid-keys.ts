/**
 * The server's VAPID key pair (RFC 8292): it signs every push, and browsers subscribe to its
 * public half (their `applicationServerKey`), so it must not change: a new pair orphans every
 * subscription made with the old one. It comes from VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when
 * both are set; else the server makes one on first use and keeps it in the database
 * (server_secrets), so each restart and every instance sharing the database signs with the same
 * pair. Keys are base64url, as web-push makes and reads them. No message names the private key.
 */
import type { Kysely } from 'kysely';
import { createECDH } from 'node:crypto';
import webpush from 'web-push';
import type { Database } from '../../db/schema.ts';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  /** Who runs this server, for the push services (a mailto: or https: URL). */
  subject: string;
}

type KeyPair = Pick<VapidKeys, 'publicKey' | 'privateKey'>;

export const DEFAULT_VAPID_SUBJECT = 'mailto:alerts@chartroom.invalid';
/** The server_secrets row of the generated pair (JSON `{ publicKey, privateKey }`). */
const SECRET_NAME = 'vapid';
const BASE64URL = /^[A-Za-z0-9_-]+$/;

/** `pair` when it is a P-256 key pair whose halves belong together; else throws, naming `source`. */
function checkedPair(pair: unknown, source: string): KeyPair {
  const { publicKey, privateKey } = (typeof pair === 'object' && pair !== null ? pair : {}) as Partial<Record<keyof KeyPair, unknown>>;
  if (typeof publicKey !== 'string' || typeof privateKey !== 'string' || !BASE64URL.test(publicKey) || !BASE64URL.test(privateKey))
    throw new Error(`${source}: not a VAPID key pair (two base64url keys)`);
  const secret = Buffer.from(privateKey, 'base64url');
  const derived = (() => {
    try {
      if (secret.length !== 32) throw new Error('not 32 bytes');
      const curve = createECDH('prime256v1');
      curve.setPrivateKey(secret);
      return curve.getPublicKey();
    } catch {
      throw new Error(`${source}: the private key is not a P-256 private key (32 bytes)`);
    }
  })();
  // A public key of another pair would sign nothing a push service accepts: each push refused.
  if (!derived.equals(Buffer.from(publicKey, 'base64url'))) throw new Error(`${source}: the public key is not the private key's`);
  return { publicKey, privateKey };
}

function subjectFrom(env: Record<string, string | undefined>): string {
  const subject = env.VAPID_SUBJECT?.trim() || DEFAULT_VAPID_SUBJECT;
  let protocol = '';
  try {
    protocol = new URL(subject).protocol;
  } catch {
    // Reported below.
  }
  if (protocol !== 'mailto:' && protocol !== 'https:') throw new Error(`VAPID_SUBJECT must be a mailto: or https: URL, got ${subject}`);
  return subject;
}

/**
 * The key pair the environment sets, undefined when it sets none; throws when it is set wrongly
 * (one key without the other, a broken pair, a bad subject). Call it at start so a mistake stops
 * the start instead of every push.
 */
export function vapidKeysFromEnv(env: Record<string, string | undefined>): VapidKeys | undefined {
  const subject = subjectFrom(env);
  const publicKey = env.VAPID_PUBLIC_KEY?.trim() ?? '';
  const privateKey = env.VAPID_PRIVATE_KEY?.trim() ?? '';
  if (publicKey === '' && privateKey === '') return undefined;
  if (publicKey === '' || privateKey === '')
    throw new Error(
      'set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (one pair, e.g. from `npx web-push generate-vapid-keys`), or neither: the server then makes a pair and keeps it in its database',
    );
  return { ...checkedPair({ publicKey, privateKey }, 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY'), subject };
}

async function readStored(db: Kysely<Database>): Promise<KeyPair | undefined> {
  const row = await db.selectFrom('server_secrets').select('value').where('name', '=', SECRET_NAME).executeTakeFirst();
  if (row === undefined) return undefined;
  let pair: unknown;
  try {
    pair = JSON.parse(row.value);
  } catch {
    pair = undefined;
  }
  return checkedPair(pair, `server_secrets '${SECRET_NAME}'`);
}

async function storedOrMade(db: Kysely<Database>, now: () => number): Promise<KeyPair> {
  const stored = await readStored(db);
  if (stored !== undefined) return stored;
  // Instances starting together may each make a pair: the first insert wins, and every one of
  // them reads back the pair that won.
  const made = webpush.generateVAPIDKeys();
  await db
    .insertInto('server_secrets')
    .values({ name: SECRET_NAME, value: JSON.stringify({ publicKey: made.publicKey, privateKey: made.privateKey }), created_at: now() })
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
  const kept = await readStored(db);
  if (kept === undefined) throw new Error('the VAPID key pair was not stored');
  return kept;
}

/** The stored pair per database, read (or made) once; a failed read is tried again next time. */
const storedPairs = new WeakMap<Kysely<Database>, Promise<KeyPair>>();

/** The key pair to sign pushes with: the environment's, else the database's (made on first use). */
export async function vapidKeys(db: Kysely<Database>, env: Record<string, string | undefined>, now: () => number = Date.now): Promise<VapidKeys> {
  const fromEnv = vapidKeysFromEnv(env);
  if (fromEnv !== undefined) return fromEnv;
  let pair = storedPairs.get(db);
  if (pair === undefined) {
    const reading = storedOrMade(db, now);
    reading.catch(() => {
      if (storedPairs.get(db) === reading) storedPairs.delete(db);
    });
    storedPairs.set(db, (pair = reading));
  }
  return { ...(await pair), subject: subjectFrom(env) };
}
