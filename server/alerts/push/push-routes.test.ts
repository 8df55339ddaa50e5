/**
 * `/chartroom/push` behind the real access guard (AUTH_MODE=password, bearer tokens for ann and
 * bob) on PGlite: a user reads the key and lists, adds and removes only their own devices; writes
 * come only from the server's own pages; what is not a subscription is refused with why.
 */
import { Hono } from 'hono';
import type { Kysely } from 'kysely';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUSH_KEY_PATH, PUSH_SUBSCRIPTIONS_PATH, type PushDevicesAnswer, type PushSubscribed } from '#shared/push-protocol.ts';
import { createAccessControl, type AccessControl } from '../../auth/access.ts';
import { authConfigFrom } from '../../auth/config.ts';
import { sha256Hex, TokenFile, UserFile } from '../../auth/credentials.ts';
import { openDatabase, type OpenDatabase } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { browserSubscription } from '../../test-support/push-service-stand-in.ts';
import { mountPushRoutes, type PushRouteOptions } from './push-routes.ts';
import { urlSafeHash } from './url-safe-hash.ts';
import { vapidKeys } from './vapid-keys.ts';

const TOKENS = { ann: 'ann-token-0123456789abcdef0123456789abcdef', bob: 'bob-token-0123456789abcdef0123456789abcdef' };
type User = keyof typeof TOKENS;
const ORIGIN = 'http://chartroom.test';

describe('the push routes', () => {
  let dir: string;
  let database: OpenDatabase;
  let access: AccessControl;
  const audit: string[] = [];

  /** An app with the guard in front of the push routes, as server/app.ts would mount them. */
  const appWith = (options: Partial<PushRouteOptions> = {}, guard = true): Hono => {
    const app = new Hono();
    if (guard) app.use(access.guard);
    mountPushRoutes(app, { database: { db: () => Promise.resolve(database.db) }, access, env: {}, ...options });
    return app;
  };
  let app: Hono;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'chartroom-push-routes-'));
    database = await openDatabase({ kind: 'pglite', dataDir: dir });
    access = createAccessControl({
      auth: authConfigFrom({ AUTH_MODE: 'password', AUTH_USERS_FILE: 'unused' }, '127.0.0.1', 0),
      trustProxyHops: 0,
      users: new UserFile(''),
      tokens: new TokenFile(
        Object.entries(TOKENS)
          .map(([user, token]) => `${user}:${sha256Hex(token)}`)
          .join('\n'),
      ),
      log: (line) => audit.push(line),
    });
    app = appWith();
  }, 60_000);
  afterAll(async () => {
    access.close();
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  });

  type Call = { as?: User; method?: string; body?: unknown; headers?: Record<string, string> };
  async function call(path: string, { as, method = 'GET', body, headers = {} }: Call = {}, on = app) {
    const response = await on.request(`${ORIGIN}${path}`, {
      method,
      headers: {
        host: 'chartroom.test',
        ...(as && { authorization: `Bearer ${TOKENS[as]}` }),
        ...(body !== undefined && { 'content-type': 'application/json', origin: ORIGIN }),
        ...headers,
      },
      ...(body !== undefined && { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    });
    const text = await response.text();
    return { status: response.status, text, json: (text === '' ? undefined : JSON.parse(text)) as unknown, headers: response.headers };
  }
  const subscribe = (as: User, endpoint: string, device = 'Firefox on Linux') =>
    call(PUSH_SUBSCRIPTIONS_PATH, { as, method: 'POST', body: { subscription: browserSubscription(endpoint).subscription, device } });
  const listOf = async (as: User) => ((await call(PUSH_SUBSCRIPTIONS_PATH, { as })).json as PushDevicesAnswer).devices;

  it('answers 401 to nobody, at the guard and at the routes themselves', async () => {
    for (const [method, path] of [
      ['GET', PUSH_KEY_PATH],
      ['GET', PUSH_SUBSCRIPTIONS_PATH],
      ['POST', PUSH_SUBSCRIPTIONS_PATH],
      ['DELETE', PUSH_SUBSCRIPTIONS_PATH],
    ] as const) {
      const body = method === 'GET' ? undefined : { endpoint: 'https://push.example.net/1' };
      expect((await call(path, { method, body })).status, `${method} ${path} at the guard`).toBe(401);
      const unguarded = await call(path, { method, body }, appWith({}, false));
      expect(unguarded.status, `${method} ${path} at the route`).toBe(401);
      expect(unguarded.json).toMatchObject({ code: 1001, message: expect.stringMatching(/sign in/) as unknown });
    }
  });

  it("gives the server's VAPID public key, the environment's when it sets one", async () => {
    const key = await call(PUSH_KEY_PATH, { as: 'ann' });
    expect(key.status).toBe(200);
    expect(key.headers.get('cache-control')).toBe('no-store');
    expect(key.json).toEqual({ publicKey: (await vapidKeys(database.db, {})).publicKey });
    expect(key.text).not.toContain((await vapidKeys(database.db, {})).privateKey);
    const set = webpush.generateVAPIDKeys();
    const fromEnv = appWith({ env: { VAPID_PUBLIC_KEY: set.publicKey, VAPID_PRIVATE_KEY: set.privateKey } });
    expect((await call(PUSH_KEY_PATH, { as: 'ann' }, fromEnv)).json).toEqual({ publicKey: set.publicKey });
    expect(() => appWith({ env: { VAPID_PUBLIC_KEY: set.publicKey } })).toThrow(/VAPID_PRIVATE_KEY/);
  });

  it("stores a user's device and lists it to that user only", async () => {
    const endpoint = 'https://push.example.net/send/ann-desk';
    const added = await subscribe('ann', endpoint);
    expect(added.status, added.text).toBe(201);
    const { device } = added.json as PushSubscribed;
    expect(device).toMatchObject({ endpoint, endpointHash: urlSafeHash(endpoint, 22), device: 'Firefox on Linux' });
    expect(device.endpointHash).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(await listOf('ann')).toEqual([device]);
    const bobs = await call(PUSH_SUBSCRIPTIONS_PATH, { as: 'bob' });
    expect(bobs.json).toEqual({ devices: [] });
    expect(bobs.text).not.toContain('ann-desk');
    expect(audit.some((line) => line.includes('"outcome":"push-subscribed"') && line.includes('"user":"ann"'))).toBe(true);
    expect(audit.join('\n')).not.toContain(endpoint);
  });

  it("refuses a cross-site write, and a user's removal of another's device", async () => {
    const endpoint = 'https://push.example.net/send/ann-phone';
    expect((await subscribe('ann', endpoint)).status).toBe(201);
    const crossSite = { origin: 'https://evil.example' };
    const posted = await call(PUSH_SUBSCRIPTIONS_PATH, {
      as: 'ann',
      method: 'POST',
      body: { subscription: browserSubscription('https://push.example.net/send/planted').subscription, device: 'x' },
      headers: crossSite,
    });
    expect(posted.status).toBe(403);
    expect(posted.json).toMatchObject({ message: expect.stringMatching(/this server's own pages/) as unknown });
    expect((await call(PUSH_SUBSCRIPTIONS_PATH, { as: 'ann', method: 'DELETE', body: { endpoint }, headers: crossSite })).status).toBe(403);
    expect(audit.some((line) => line.includes('"outcome":"cross-site-write"') && line.includes('"via":"push"'))).toBe(true);

    const byBob = await call(PUSH_SUBSCRIPTIONS_PATH, { as: 'bob', method: 'DELETE', body: { endpoint } });
    expect(byBob.status).toBe(404);
    const endpoints = (await listOf('ann')).map((device) => device.endpoint);
    expect(endpoints).toContain(endpoint);
    expect(endpoints).not.toContain('https://push.example.net/send/planted');

    const byAnn = await call(PUSH_SUBSCRIPTIONS_PATH, { as: 'ann', method: 'DELETE', body: { endpoint } });
    expect(byAnn.status).toBe(204);
    expect(byAnn.text).toBe('');
    expect((await listOf('ann')).map((device) => device.endpoint)).not.toContain(endpoint);
  });

  it('refuses a body that is not a subscription, saying what is wrong, and stores none of it', async () => {
    const before = await listOf('bob');
    const valid = browserSubscription('https://push.example.net/send/bob').subscription;
    const cases: [string, unknown, number, RegExp, Record<string, string>?][] = [
      ['not JSON', '{', 400, /not JSON/],
      ['not sent as JSON', JSON.stringify({ subscription: valid, device: '' }), 415, /application\/json/, { 'content-type': 'text/plain' }],
      ['no subscription', { device: 'x' }, 400, /subscription: expected object/],
      ['no keys', { subscription: { endpoint: valid.endpoint }, device: 'x' }, 400, /subscription\.keys: expected object/],
      ['a short auth', { subscription: { ...valid, keys: { ...valid.keys, auth: 'AAAA' } }, device: 'x' }, 400, /auth is the base64url of 16 bytes/],
      ['an http endpoint', { subscription: { ...valid, endpoint: 'http://push.example.net/1' }, device: 'x' }, 400, /not an https URL/],
      ['a private address', { subscription: { ...valid, endpoint: 'https://192.168.1.10/1' }, device: 'x' }, 400, /not a public address/],
      ['a long label', { subscription: valid, device: 'x'.repeat(121) }, 400, /device: expected length ≤ 120/],
      ['a label with a newline', { subscription: valid, device: 'a\nb' }, 400, /without control characters/],
      ['more than 8 KiB', { subscription: valid, device: 'x', padding: 'x'.repeat(9_000) }, 413, /at most 8192 bytes/],
    ];
    for (const [what, body, status, message, headers] of cases) {
      const answer = await call(PUSH_SUBSCRIPTIONS_PATH, { as: 'bob', method: 'POST', body, ...(headers && { headers }) });
      expect(answer.status, what).toBe(status);
      expect(answer.json, what).toMatchObject({ code: 2001, message: expect.stringMatching(message) as unknown });
    }
    expect(await listOf('bob')).toEqual(before);
    const removal = await call(PUSH_SUBSCRIPTIONS_PATH, { as: 'bob', method: 'DELETE', body: { endpoint: 7 } });
    expect(removal).toMatchObject({ status: 400, json: { message: expect.stringMatching(/endpoint: expected string/) as unknown } });
  });

  it('holds each user to the writes per minute', async () => {
    const limited = appWith({ writesPerMinute: 2 });
    const answers = [];
    for (const n of [1, 2, 3])
      answers.push(
        (await call(PUSH_SUBSCRIPTIONS_PATH, { as: 'bob', method: 'DELETE', body: { endpoint: `https://x.example/${String(n)}` } }, limited)).status,
      );
    expect(answers).toEqual([404, 404, 429]);
    expect((await call(PUSH_SUBSCRIPTIONS_PATH, { as: 'ann', method: 'DELETE', body: { endpoint: 'https://x.example/1' } }, limited)).status).toBe(404);
  });

  it('answers 503 while the database cannot be opened', async () => {
    const down = appWith({ database: { db: (): Promise<Kysely<Database>> => Promise.reject(new Error('database down')) } });
    for (const path of [PUSH_KEY_PATH, PUSH_SUBSCRIPTIONS_PATH]) {
      const answer = await call(path, { as: 'ann' }, down);
      expect(answer.status, path).toBe(503);
      expect(answer.headers.get('retry-after')).toBe('5');
    }
  });
});
