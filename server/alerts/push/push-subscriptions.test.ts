import { createECDH } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenDatabase } from '../../db/database.ts';
import { databaseBackends } from '../../test-support/database-backends.ts';
import { browserSubscription } from '../../test-support/push-service-stand-in.ts';
import { PushSubscriptionError, PushSubscriptionStore, type PushTarget } from './push-subscriptions.ts';

const subscription = (endpoint: string): PushTarget => browserSubscription(endpoint).subscription;
const service = (id: string | number) => `https://push.example.net/send/${String(id)}`;

describe.each(databaseBackends())('the push subscriptions store on $name', (backend) => {
  let database: OpenDatabase;
  let store: PushSubscriptionStore;
  let clock = 1_000;
  beforeAll(async () => {
    database = await backend.open();
    store = new PushSubscriptionStore(database.db, { now: () => (clock += 1) });
  }, 60_000);
  afterAll(async () => {
    await database.close();
    await backend.close();
  });

  it("stores a user's devices, newest first, and refreshes one subscribed again", async () => {
    const phone = subscription(service('ann-phone'));
    const laptop = subscription(service('ann-laptop'));
    await store.add('ann', phone, 'Safari on iOS');
    const added = await store.add('ann', laptop, '  Firefox on Linux ');
    expect(added).toMatchObject({ endpoint: laptop.endpoint, keys: laptop.keys, device: 'Firefox on Linux' });
    expect((await store.list('ann')).map((device) => [device.endpoint, device.device])).toEqual([
      [laptop.endpoint, 'Firefox on Linux'],
      [phone.endpoint, 'Safari on iOS'],
    ]);
    const renewed = subscription(phone.endpoint);
    await store.add('ann', renewed, 'Safari on iOS 18');
    const devices = await store.list('ann');
    expect(devices).toHaveLength(2);
    expect(devices[0]).toMatchObject({ endpoint: phone.endpoint, keys: renewed.keys, device: 'Safari on iOS 18' });
    expect(await store.list('bob')).toEqual([]);
  });

  it('refuses what is not a subscription it can push to, saying why, and stores none of it', async () => {
    const valid = subscription(service('cy'));
    const offCurve = Buffer.from(valid.keys.p256dh, 'base64url');
    offCurve[64] = (offCurve[64] ?? 0) ^ 1;
    const cases: [string, PushTarget, RegExp, string?][] = [
      ['not a URL', { ...valid, endpoint: 'push service' }, /not a URL/],
      ['http', { ...valid, endpoint: 'http://push.example.net/send/1' }, /not an https URL/],
      ['http on loopback without the option', { ...valid, endpoint: 'http://127.0.0.1:9/push/1' }, /not an https URL/],
      ['another scheme', { ...valid, endpoint: 'ftp://push.example.net/1' }, /not an https URL/],
      ['a private address', { ...valid, endpoint: 'https://10.0.0.5/push' }, /not a public address/],
      ['the cloud metadata address', { ...valid, endpoint: 'https://169.254.169.254/latest' }, /not a public address/],
      ['an IPv6 loopback', { ...valid, endpoint: 'https://[::1]/push' }, /not a public address/],
      ['localhost', { ...valid, endpoint: 'https://localhost/push' }, /this machine/],
      ['credentials', { ...valid, endpoint: 'https://user:pw@push.example.net/1' }, /credentials/],
      ['an endpoint too long', { ...valid, endpoint: `https://push.example.net/${'a'.repeat(2_100)}` }, /endpoint: expected length ≤ 2048/],
      ['a short p256dh', { ...valid, keys: { ...valid.keys, p256dh: valid.keys.p256dh.slice(0, 60) } }, /p256dh is the base64url of 65 bytes/],
      ['a compressed point', { ...valid, keys: { ...valid.keys, p256dh: `A${valid.keys.p256dh.slice(1)}` } }, /uncompressed P-256 point/],
      ['a point off the curve', { ...valid, keys: { ...valid.keys, p256dh: offCurve.toString('base64url') } }, /not a point of P-256/],
      ['a short auth', { ...valid, keys: { ...valid.keys, auth: valid.keys.auth.slice(0, 10) } }, /auth is the base64url of 16 bytes/],
      ['not base64url', { ...valid, keys: { ...valid.keys, auth: `${valid.keys.auth.slice(0, 21)}+` } }, /auth is the base64url of 16 bytes/],
      ['no keys', { endpoint: valid.endpoint } as PushTarget, /keys: expected object/],
      ['a long label', valid, /device is a label of at most 120/, 'x'.repeat(121)],
      ['a label with a newline', valid, /without control characters/, 'Chrome\nInjected: line'],
    ];
    for (const [what, input, message, device = 'Chrome'] of cases) {
      const refused = store.add('cy', input, device);
      await expect(refused, what).rejects.toBeInstanceOf(PushSubscriptionError);
      await expect(refused, what).rejects.toThrow(message);
    }
    expect(await store.list('cy')).toEqual([]);
  });

  it('takes a padded key as the unpadded one, and http on loopback when told to', async () => {
    const padded = subscription(service('dee'));
    await store.add('dee', { ...padded, keys: { p256dh: `${padded.keys.p256dh}=`, auth: `${padded.keys.auth}==` } }, '');
    expect((await store.list('dee'))[0]?.keys).toEqual(padded.keys);
    const loopback = new PushSubscriptionStore(database.db, { allowInsecureLoopback: true });
    for (const endpoint of ['http://127.0.0.1:8080/push/1', 'http://localhost:8080/push/2', 'http://[::1]:8080/push/3'])
      await expect(loopback.add('dee', subscription(endpoint), '')).resolves.toMatchObject({ endpoint });
    await expect(loopback.add('dee', subscription('http://10.0.0.5/push/4'), '')).rejects.toThrow(/not an https URL/);
  });

  it('keeps at most 20 devices per user, dropping the oldest', async () => {
    const endpoints = Array.from({ length: 21 }, (_, i) => service(`eve-${String(i)}`));
    for (const endpoint of endpoints) await store.add('eve', subscription(endpoint), '');
    const kept = (await store.list('eve')).map((device) => device.endpoint);
    expect(kept).toHaveLength(20);
    expect(kept).not.toContain(endpoints[0]);
    expect(kept[0]).toBe(endpoints[20]);
    // Subscribing a kept one again makes it the newest: the next to go is then the second oldest.
    await store.add('eve', subscription(endpoints[1] ?? ''), '');
    await store.add('eve', subscription(service('eve-21')), '');
    const after = (await store.list('eve')).map((device) => device.endpoint);
    expect(after).toContain(endpoints[1]);
    expect(after).not.toContain(endpoints[2]);
    expect(after).toHaveLength(20);
  });

  it("removes a user's own device only; removeEndpoint removes it whoever holds it", async () => {
    const fay = subscription(service('fay'));
    await store.add('fay', fay, 'desk');
    expect(await store.remove('gus', fay.endpoint)).toBe(false);
    expect(await store.list('fay')).toHaveLength(1);
    expect(await store.remove('fay', fay.endpoint)).toBe(true);
    expect(await store.remove('fay', fay.endpoint)).toBe(false);
    expect(await store.list('fay')).toEqual([]);

    const gone = subscription(service('gone'));
    await store.add('fay', gone, '');
    await store.add('gus', subscription(service('gus')), '');
    expect(await store.removeEndpoint(gone.endpoint)).toBe(1);
    expect(await store.list('fay')).toEqual([]);
    expect(await store.list('gus')).toHaveLength(1);
  });

  it("gives a browser to the last user who subscribed it (a shared computer's next user)", async () => {
    const shared = subscription(service('kiosk'));
    await store.add('hal', shared, 'kiosk');
    await store.add('ivy', shared, 'kiosk');
    expect(await store.list('hal')).toEqual([]);
    expect((await store.list('ivy')).map((device) => device.endpoint)).toEqual([shared.endpoint]);
  });
});

it('a browser subscription of the stand-in has keys a real browser would send', () => {
  const { subscription: made, keys } = browserSubscription(service('check'));
  const curve = createECDH('prime256v1');
  curve.setPrivateKey(keys.privateKey);
  expect(made.keys.p256dh).toBe(curve.getPublicKey('base64url'));
  expect(Buffer.from(made.keys.auth, 'base64url')).toHaveLength(16);
});
