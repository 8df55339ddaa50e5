/**
 * Webhook delivery against real HTTP receivers on loopback addresses (allowed explicitly by the
 * policy, as an operator would for a receiver on the same machine): the signed body and headers,
 * the outcome per status, the deadline, redirects followed or refused, and DNS rebinding (the
 * connection goes to the address checked, never to a second answer). Names resolve through an
 * injected resolver; the `.test` names have no DNS of their own here, so a request that reaches
 * a receiver by name went through the checked addresses.
 */
import net from 'node:net';
import { performance } from 'node:perf_hooks';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startWebhookReceiver, type ReceiverHandler, type WebhookReceiver } from '../../test-support/webhook-receiver.ts';
import { webhookBody, type WebhookTrigger } from './webhook-message.ts';
import { parseWebhookAllow, type Resolve } from './webhook-policy.ts';
import { pinnedLookup } from './webhook-request.ts';
import { sendWebhook, verifyWebhookSignature, type SendWebhookOptions } from './webhook-send.ts';

const SECRET = 'c2VjcmV0LW9mLXRoZS10ZXN0LXVzZXI';
const TRIGGER: WebhookTrigger = {
  triggerId: 'alert-1@1700000000000',
  alertId: 'alert-1',
  symbol: 'AAPL.US',
  price: 231.5,
  time: 1_700_000_000_000,
  crossing: 'up',
  condition: { kind: 'cross', level: 230 },
};
const BODY = JSON.stringify(webhookBody(TRIGGER, 'Alert: {{symbol}} {{ condition }} at {{price}} ({{time}})'));
const PUBLIC_V4 = '93.184.216.34';

const receivers: WebhookReceiver[] = [];
afterEach(async () => {
  await Promise.all(receivers.splice(0).map((receiver) => receiver.close()));
});

async function receiver(handler?: ReceiverHandler, host?: string): Promise<WebhookReceiver> {
  const started = await startWebhookReceiver(handler, host);
  receivers.push(started);
  return started;
}

const answer =
  (status: number, headers: Record<string, string> = {}): ReceiverHandler =>
  (_request, response) => {
    response.writeHead(status, headers).end();
  };

const resolver = (answers: Record<string, string[]>) => vi.fn<Resolve>((hostname) => Promise.resolve(answers[hostname] ?? []));

/** hooks.test and other.test are this machine; 127.0.0.1 is allowed by address, nothing else private. */
function send(url: string, options: Partial<SendWebhookOptions> = {}) {
  return sendWebhook({
    url,
    body: BODY,
    secret: SECRET,
    triggerId: TRIGGER.triggerId,
    policy: parseWebhookAllow('hooks.test, other.test, rebind.test, 127.0.0.1'),
    resolve: resolver({ 'hooks.test': ['127.0.0.1'], 'other.test': ['127.0.0.1'] }),
    ...options,
  });
}

describe('sendWebhook', () => {
  it('posts the signed JSON with its headers, which the receiver verifies', async () => {
    const target = await receiver();
    const now = 1_800_000_000_000;
    expect(await send(`http://hooks.test:${target.port}/hook?user=1`, { now: () => now })).toEqual({ outcome: 'delivered', status: 200 });
    const [request] = target.requests;
    expect(request).toMatchObject({ method: 'POST', url: '/hook?user=1', body: BODY });
    expect(request?.headers).toMatchObject({
      host: `hooks.test:${target.port}`,
      'content-type': 'application/json',
      'user-agent': 'Chartroom-Webhook/1',
      'x-chartroom-trigger': TRIGGER.triggerId,
      'x-chartroom-signature': expect.stringMatching(/^t=1800000000,v1=[0-9a-f]{64}$/) as string,
    });
    const signature = request?.headers['x-chartroom-signature'] as string;
    expect(verifyWebhookSignature(signature, request?.body ?? '', SECRET, 300, now + 1000)).toBe(true);
    expect(verifyWebhookSignature(signature, request?.body ?? '', 'another secret', 300, now)).toBe(false);
    expect(JSON.parse(request?.body ?? '')).toEqual({
      triggerId: 'alert-1@1700000000000',
      alertId: 'alert-1',
      symbol: 'AAPL.US',
      price: 231.5,
      condition: 'crosses above 230',
      crossing: 'up',
      time: '2023-11-14T22:13:20.000Z',
      message: 'Alert: AAPL.US crosses above 230 at 231.5 (2023-11-14T22:13:20.000Z)',
    });
  });

  it.each([
    [204, 'delivered'],
    [202, 'delivered'],
    [500, 'retry'],
    [503, 'retry'],
    [408, 'retry'],
    [425, 'retry'],
    [429, 'retry'],
    [404, 'failed'],
    [400, 'failed'],
    [401, 'failed'],
    [410, 'failed'],
    [304, 'failed'],
  ])('takes HTTP %i as %s', async (status, outcome) => {
    const target = await receiver(answer(status));
    const result = await send(`http://127.0.0.1:${target.port}/`);
    expect(result).toMatchObject({ outcome, status });
    if (outcome !== 'delivered') expect(result).toMatchObject({ error: `HTTP ${status}` });
  });

  it('retries a receiver that does not answer in time, and one that is not there', async () => {
    const silent = await receiver(() => undefined);
    const started = performance.now();
    expect(await send(`http://127.0.0.1:${silent.port}/`, { timeoutMs: 300 })).toEqual({ outcome: 'retry', error: 'timed out after 300 ms' });
    expect(performance.now() - started).toBeLessThan(2000);
    const gone = await receiver();
    await gone.close();
    expect(await send(`http://127.0.0.1:${gone.port}/`)).toMatchObject({ outcome: 'retry', error: expect.stringMatching(/ECONNREFUSED/) as string });
  });

  it('keeps one deadline for DNS too', async () => {
    const hanging = vi.fn<Resolve>(() => new Promise(() => undefined));
    expect(await send('http://hooks.test/', { timeoutMs: 200, resolve: hanging })).toEqual({ outcome: 'retry', error: 'timed out after 200 ms' });
    expect(await send('http://hooks.test/', { resolve: () => Promise.reject(new Error('EAI_AGAIN')) })).toMatchObject({
      outcome: 'retry',
      error: /did not resolve/,
    });
  });

  it('decides on the status, reading at most a little of the body', async () => {
    const endless = await receiver((_request, response) => {
      response.writeHead(200);
      response.write('x'.repeat(16 * 1024));
    });
    expect(await send(`http://127.0.0.1:${endless.port}/`, { timeoutMs: 300 })).toEqual({ outcome: 'delivered', status: 200 });
    const huge = await receiver((_request, response) => {
      response.writeHead(500).end('x'.repeat(4 * 1024 * 1024));
    });
    const started = performance.now();
    expect(await send(`http://127.0.0.1:${huge.port}/`)).toEqual({ outcome: 'retry', error: 'HTTP 500', status: 500 });
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('refuses a URL the policy refuses, without a request', async () => {
    const target = await receiver();
    expect(await send(`http://127.0.0.2:${target.port}/`)).toMatchObject({ outcome: 'refused', reason: /loopback/ });
    expect(await send(`http://elsewhere.test:${target.port}/`)).toMatchObject({ outcome: 'refused', reason: /not among the hosts/ });
    expect(await send(`http://127.0.0.1:${target.port}/`, { policy: parseWebhookAllow('') })).toMatchObject({ outcome: 'refused', reason: /Webhooks are off/ });
    expect(target.requests).toHaveLength(0);
  });
});

describe('sendWebhook redirects', () => {
  it('follows a redirect to another allowed host, posting the same signed body', async () => {
    const final = await receiver();
    const first = await receiver(answer(307, { Location: `http://other.test:${final.port}/final` }));
    expect(await send(`http://hooks.test:${first.port}/start`)).toEqual({ outcome: 'delivered', status: 200 });
    expect(first.requests).toHaveLength(1);
    const [request] = final.requests;
    expect(request).toMatchObject({ method: 'POST', url: '/final', body: BODY, headers: { host: `other.test:${final.port}` } });
    expect(verifyWebhookSignature(request?.headers['x-chartroom-signature'] as string, request?.body ?? '', SECRET)).toBe(true);
  });

  it('follows a relative Location, and 303 with a GET without the body', async () => {
    const target = await receiver((request, response) => {
      if (request.url === '/a') response.writeHead(301, { Location: '/b' }).end();
      else if (request.url === '/b') response.writeHead(303, { Location: '/c' }).end();
      else response.writeHead(200).end();
    });
    expect(await send(`http://127.0.0.1:${target.port}/a`)).toEqual({ outcome: 'delivered', status: 200 });
    expect(target.requests.map(({ method, url, body }) => [method, url, body])).toEqual([
      ['POST', '/a', BODY],
      ['POST', '/b', BODY],
      ['GET', '/c', ''],
    ]);
    expect(target.requests[2]?.headers).toMatchObject({ 'x-chartroom-trigger': TRIGGER.triggerId });
    expect(target.requests[2]?.headers['x-chartroom-signature']).toBeUndefined();
  });

  it('follows three redirects, not four', async () => {
    let hops = 0;
    const chain = (limit: number): ReceiverHandler => {
      hops = 0;
      return (_request, response) => {
        hops += 1;
        if (hops <= limit) response.writeHead(302, { Location: `/hop${hops}` }).end();
        else response.writeHead(200).end();
      };
    };
    const three = await receiver(chain(3));
    expect(await send(`http://127.0.0.1:${three.port}/`)).toEqual({ outcome: 'delivered', status: 200 });
    expect(three.requests).toHaveLength(4);
    const four = await receiver(chain(4));
    expect(await send(`http://127.0.0.1:${four.port}/`)).toEqual({ outcome: 'failed', error: 'more than 3 redirects', status: 302 });
    expect(four.requests).toHaveLength(4);
  });

  it('fails a redirect without a Location', async () => {
    const target = await receiver(answer(302));
    expect(await send(`http://127.0.0.1:${target.port}/`)).toEqual({ outcome: 'failed', error: 'HTTP 302 without a valid Location', status: 302 });
  });

  it('refuses a redirect to loopback or a host not allowed, and never requests it', async () => {
    const loopback = await receiver(undefined, '127.0.0.2');
    for (const location of [
      `http://127.0.0.2:${loopback.port}/`,
      `http://0177.0.0.2:${loopback.port}/`,
      `http://[::1]:${loopback.port}/`,
      `http://elsewhere.test/`,
      'file:///etc/passwd',
    ]) {
      const first = await receiver(answer(302, { Location: location }));
      const result = await send(`http://hooks.test:${first.port}/`);
      expect(result).toMatchObject({ outcome: 'refused', reason: expect.stringMatching(/^redirected to /) as string });
    }
    expect(loopback.requests).toHaveLength(0);
  });

  it('refuses a redirect whose name now resolves to a private address', async () => {
    const final = await receiver();
    const first = await receiver(answer(307, { Location: `http://other.test:${final.port}/` }));
    const resolve = resolver({ 'hooks.test': ['127.0.0.1'], 'other.test': ['10.0.0.1'] });
    expect(await send(`http://hooks.test:${first.port}/`, { resolve })).toMatchObject({
      outcome: 'refused',
      reason: /other\.test resolves to 10\.0\.0\.1, a private/,
    });
    expect(final.requests).toHaveLength(0);
  });
});

describe('DNS rebinding', () => {
  /** The first answer, then another for every later question: what a rebinding name does. */
  const rebinding = (first: string, later: string) => {
    let asked = 0;
    return vi.fn<Resolve>(() => Promise.resolve([asked++ === 0 ? first : later]));
  };

  /** The addresses sockets looked up and tried to connect to while `run` ran (net's own events). */
  async function addressesConnected(run: () => Promise<unknown>): Promise<string[]> {
    const seen = new Set<string>();
    // eslint-disable-next-line @typescript-eslint/unbound-method -- called below with its socket as `this`
    const connect = net.Socket.prototype.connect;
    const spy = vi.spyOn(net.Socket.prototype, 'connect').mockImplementation(function (this: net.Socket, ...args: unknown[]) {
      this.on('lookup', (_error: unknown, address: string) => seen.add(address));
      this.on('connectionAttempt', (address: string) => seen.add(address));
      return (connect as (...rest: unknown[]) => net.Socket).apply(this, args);
    });
    try {
      await run();
    } finally {
      spy.mockRestore();
    }
    return [...seen];
  }

  it('connects to the checked address under the name, asking DNS once', async () => {
    const target = await receiver();
    const resolve = rebinding('127.0.0.1', '10.0.0.1');
    const connected = await addressesConnected(async () => {
      expect(await send(`http://rebind.test:${target.port}/`, { resolve })).toEqual({ outcome: 'delivered', status: 200 });
    });
    expect(connected).toEqual(['127.0.0.1']);
    expect(resolve).toHaveBeenCalledTimes(1);
    expect(target.requests[0]?.headers.host).toBe(`rebind.test:${target.port}`);
  });

  it('checks a public address and connects to it only, not to the loopback a second answer would give', async () => {
    const target = await receiver();
    const resolve = rebinding(PUBLIC_V4, '127.0.0.1');
    // Whatever the public address answers here (no route, or a sandbox's stand-in), the receiver
    // listening on loopback at that port is never reached.
    const connected = await addressesConnected(() => send(`http://rebind.test:${target.port}/`, { resolve, timeoutMs: 500 }));
    expect(connected).toEqual([PUBLIC_V4]);
    expect(resolve).toHaveBeenCalledTimes(1);
    expect(target.requests).toHaveLength(0);
  });
});

describe('pinnedLookup', () => {
  const lookupOf = (options: { all?: boolean; family?: number }, name = 'hooks.test') =>
    new Promise<unknown[]>((resolve) => {
      pinnedLookup('hooks.test', ['127.0.0.1', '::1'])(name, options, (error, address, family) => {
        resolve([error?.code, address, family]);
      });
    });

  it('answers with the checked addresses only, for the checked name only', async () => {
    expect(await lookupOf({ all: true })).toEqual([
      undefined,
      [
        { address: '127.0.0.1', family: 4 },
        { address: '::1', family: 6 },
      ],
      undefined,
    ]);
    expect(await lookupOf({})).toEqual([undefined, '127.0.0.1', 4]);
    expect(await lookupOf({ family: 6 })).toEqual([undefined, '::1', 6]);
    expect(await lookupOf({ all: true }, 'other.test')).toEqual(['ENOTFOUND', '', 0]);
  });
});
