import { describe, expect, it } from 'vitest';
import { PUSH_KEY_PATH, PUSH_SUBSCRIPTIONS_PATH } from '#shared/push-protocol.ts';
import { base64UrlBytes, loadPushDevice, readPushKey, turnOffPush, turnOnPush, type PushEnvironment, type PushSubscriptionLike } from './push-device';

/** A VAPID public key: an uncompressed P-256 point (65 bytes, 0x04 first). */
const KEY_BYTES = Uint8Array.from({ length: 65 }, (_, index) => (index === 0 ? 4 : index));
const KEY = Buffer.from(KEY_BYTES).toString('base64url');
const OTHER_KEY_BYTES = Uint8Array.from({ length: 65 }, (_, index) => (index === 0 ? 4 : 200 - index));
const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';

interface Call {
  path: string;
  method: string;
  body?: unknown;
}

class FakeSubscription implements PushSubscriptionLike {
  unsubscribed = false;
  constructor(
    readonly endpoint: string,
    private readonly key: Uint8Array,
    private readonly onUnsubscribe: () => void,
  ) {}
  get options() {
    return { applicationServerKey: this.key.slice().buffer };
  }
  toJSON(): PushSubscriptionJSON {
    return { endpoint: this.endpoint, expirationTime: null, keys: { p256dh: `B${'a'.repeat(86)}`, auth: 'a'.repeat(22) } };
  }
  unsubscribe() {
    this.unsubscribed = true;
    this.onUnsubscribe();
    return Promise.resolve(true);
  }
}

interface FakeOptions {
  keyStatus?: number;
  publicKey?: string;
  permission?: NotificationPermission;
  /** What the permission prompt answers. */
  answer?: NotificationPermission;
  subscribed?: Uint8Array;
  subscribeError?: Error;
  postStatus?: number;
  offline?: boolean;
}

function fakeEnvironment(options: FakeOptions = {}) {
  const calls: Call[] = [];
  let permission = options.permission ?? 'default';
  let prompts = 0;
  let current: FakeSubscription | null = null;
  const subscribeKeys: Uint8Array[] = [];
  const make = (key: Uint8Array) => {
    const made: FakeSubscription = new FakeSubscription(`https://push.example/${String(subscribeKeys.length)}`, key, () => {
      if (current === made) current = null;
    });
    return made;
  };
  if (options.subscribed) current = make(options.subscribed);
  const env: PushEnvironment = {
    fetch: (path, init) => {
      const method = init?.method ?? 'GET';
      calls.push({ path, method, ...(typeof init?.body === 'string' && { body: JSON.parse(init.body) as unknown }) });
      if (options.offline) return Promise.reject(new TypeError('Failed to fetch'));
      if (path === PUSH_KEY_PATH) {
        const status = options.keyStatus ?? 200;
        return Promise.resolve(status === 200 ? Response.json({ publicKey: options.publicKey ?? KEY }) : Response.json({ message: 'no' }, { status }));
      }
      if (method === 'POST') {
        const status = options.postStatus ?? 201;
        return Promise.resolve(status === 201 ? Response.json({ device: {} }, { status }) : Response.json({ message: 'Too many devices' }, { status }));
      }
      return Promise.resolve(new Response(null, { status: 204 }));
    },
    permission: () => permission,
    requestPermission: () => {
      prompts += 1;
      permission = options.answer ?? 'granted';
      return Promise.resolve(permission);
    },
    registration: () =>
      Promise.resolve({
        pushManager: {
          getSubscription: () => Promise.resolve(current),
          subscribe: ({ applicationServerKey }) => {
            if (options.subscribeError) return Promise.reject(options.subscribeError);
            subscribeKeys.push(applicationServerKey);
            current = make(applicationServerKey);
            return Promise.resolve(current);
          },
        },
      }),
    userAgent: UA,
    language: () => 'zh-HK',
  };
  return { env, calls, subscribeKeys, prompts: () => prompts, current: () => current };
}

describe('base64UrlBytes', () => {
  it('reads base64url, padded or not, and nothing else', () => {
    expect(base64UrlBytes(KEY)).toEqual(KEY_BYTES);
    expect(base64UrlBytes('-_8=')).toEqual(Uint8Array.from([0xfb, 0xff]));
    expect(base64UrlBytes('-_8')).toEqual(Uint8Array.from([0xfb, 0xff]));
    expect(base64UrlBytes('a+b/')).toBeUndefined();
    expect(base64UrlBytes('')).toBeUndefined();
  });
});

describe('readPushKey', () => {
  it('is the server’s key, sign-in on 401, and nothing on 404, a failure or a bad key', async () => {
    expect(await readPushKey(fakeEnvironment().env)).toEqual({ kind: 'key', key: KEY_BYTES });
    expect(await readPushKey(fakeEnvironment({ keyStatus: 401 }).env)).toEqual({ kind: 'sign-in' });
    expect(await readPushKey(fakeEnvironment({ keyStatus: 404 }).env)).toEqual({ kind: 'unavailable' });
    expect(await readPushKey(fakeEnvironment({ keyStatus: 500 }).env)).toEqual({ kind: 'unavailable' });
    expect(await readPushKey(fakeEnvironment({ offline: true }).env)).toEqual({ kind: 'unavailable' });
    expect(await readPushKey(fakeEnvironment({ publicKey: 'c2hvcnQ' }).env)).toEqual({ kind: 'unavailable' });
  });
});

describe('loadPushDevice', () => {
  it('is off before anything, without asking permission', async () => {
    const fake = fakeEnvironment();
    expect((await loadPushDevice(fake.env)).state).toEqual({ kind: 'off' });
    expect(fake.prompts()).toBe(0);
  });

  it('is on with a subscription to this key and the permission', async () => {
    expect((await loadPushDevice(fakeEnvironment({ permission: 'granted', subscribed: KEY_BYTES }).env)).state).toEqual({ kind: 'on' });
  });

  it('is off with a subscription to another key (the server’s changed)', async () => {
    expect((await loadPushDevice(fakeEnvironment({ permission: 'granted', subscribed: OTHER_KEY_BYTES }).env)).state).toEqual({ kind: 'off' });
  });

  it('is blocked when the browser’s setting denies notifications', async () => {
    expect((await loadPushDevice(fakeEnvironment({ permission: 'denied' }).env)).state).toEqual({ kind: 'blocked' });
  });

  it('asks for sign-in on 401 and offers nothing on 404', async () => {
    expect((await loadPushDevice(fakeEnvironment({ keyStatus: 401 }).env)).state).toEqual({ kind: 'sign-in' });
    expect((await loadPushDevice(fakeEnvironment({ keyStatus: 404 }).env)).state).toEqual({ kind: 'unavailable' });
  });
});

describe('turnOnPush', () => {
  it('asks permission, subscribes visibly with the server’s key and posts the subscription with the device', async () => {
    const fake = fakeEnvironment();
    expect(await turnOnPush(fake.env, KEY_BYTES)).toEqual({ kind: 'on' });
    expect(fake.prompts()).toBe(1);
    expect(fake.subscribeKeys).toEqual([KEY_BYTES]);
    expect(fake.calls).toEqual([
      {
        path: PUSH_SUBSCRIPTIONS_PATH,
        method: 'POST',
        // The device's language: the server writes its notifications in it.
        body: { subscription: fake.current()?.toJSON(), device: 'Chrome · Linux', language: 'zh-HK' },
      },
    ]);
  });

  it('is blocked when the user blocks, and failed when they close the prompt', async () => {
    const blocked = fakeEnvironment({ answer: 'denied' });
    expect(await turnOnPush(blocked.env, KEY_BYTES)).toEqual({ kind: 'blocked' });
    const dismissed = fakeEnvironment({ answer: 'default' });
    expect(await turnOnPush(dismissed.env, KEY_BYTES)).toEqual({ kind: 'failed', failure: { kind: 'not-allowed' } });
    expect([...blocked.calls, ...dismissed.calls]).toEqual([]);
  });

  it('posts an existing subscription to this key again rather than making another', async () => {
    const fake = fakeEnvironment({ permission: 'granted', subscribed: KEY_BYTES });
    expect(await turnOnPush(fake.env, KEY_BYTES)).toEqual({ kind: 'on' });
    expect(fake.subscribeKeys).toEqual([]);
    expect(fake.calls.map((call) => call.method)).toEqual(['POST']);
  });

  it('replaces a subscription to another key', async () => {
    const fake = fakeEnvironment({ permission: 'granted', subscribed: OTHER_KEY_BYTES });
    expect(await turnOnPush(fake.env, KEY_BYTES)).toEqual({ kind: 'on' });
    expect(fake.subscribeKeys).toEqual([KEY_BYTES]);
  });

  it('says why the push service refused', async () => {
    const fake = fakeEnvironment({ subscribeError: new DOMException('Registration failed - push service error', 'AbortError') });
    expect(await turnOnPush(fake.env, KEY_BYTES)).toEqual({
      kind: 'failed',
      failure: { kind: 'subscribe', detail: 'Registration failed - push service error' },
    });
    expect(fake.calls).toEqual([]);
  });

  it('undoes the subscription the server refused, and says why', async () => {
    const fake = fakeEnvironment({ postStatus: 429 });
    expect(await turnOnPush(fake.env, KEY_BYTES)).toEqual({ kind: 'failed', failure: { kind: 'server', detail: 'Too many devices' } });
    expect(fake.current()).toBeNull();
  });

  it('undoes it when the server cannot be reached', async () => {
    const fake = fakeEnvironment({ offline: true });
    expect(await turnOnPush(fake.env, KEY_BYTES)).toEqual({ kind: 'failed', failure: { kind: 'network' } });
    expect(fake.current()).toBeNull();
  });
});

describe('turnOffPush', () => {
  it('tells the server to forget the endpoint and unsubscribes', async () => {
    const fake = fakeEnvironment({ permission: 'granted', subscribed: KEY_BYTES });
    const endpoint = fake.current()?.endpoint;
    expect(await turnOffPush(fake.env)).toEqual({ kind: 'off' });
    expect(fake.calls).toEqual([{ path: PUSH_SUBSCRIPTIONS_PATH, method: 'DELETE', body: { endpoint } }]);
    expect(fake.current()).toBeNull();
  });

  it('unsubscribes even when the server cannot be reached', async () => {
    const fake = fakeEnvironment({ permission: 'granted', subscribed: KEY_BYTES, offline: true });
    expect(await turnOffPush(fake.env)).toEqual({ kind: 'off' });
    expect(fake.current()).toBeNull();
  });

  it('is off with nothing to do when there is no subscription', async () => {
    const fake = fakeEnvironment();
    expect(await turnOffPush(fake.env)).toEqual({ kind: 'off' });
    expect(fake.calls).toEqual([]);
  });
});

describe('loadPushDevice without a service worker', () => {
  it('asks the server nothing until the worker is ready', async () => {
    const fake = fakeEnvironment();
    const never: PushEnvironment = { ...fake.env, registration: () => new Promise(() => undefined) };
    let settled = false;
    void loadPushDevice(never).then(() => {
      settled = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(settled).toBe(false);
    expect(fake.calls).toEqual([]);
  });
});
