/**
 * sendPush end to end to the stand-in push service (server/test-support/push-service-stand-in.ts),
 * which checks the VAPID signature and decrypts each message with its own code.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../test-support/free-port.ts';
import { startPushServiceStandIn, type PushServiceStandIn } from '../../test-support/push-service-stand-in.ts';
import { MAX_PUSH_PAYLOAD_BYTES, sendPush, type SendPushOptions } from './push-sender.ts';
import type { PushTarget } from './push-subscriptions.ts';
import type { VapidKeys } from './vapid-keys.ts';

const vapid: VapidKeys = { ...webpush.generateVAPIDKeys(), subject: 'mailto:ops@desk.example' };
const loopback: SendPushOptions = { allowInsecureLoopback: true };
const alert = { kind: 'alert-trigger', triggerId: 'a1@1764000000000', symbol: 'AAPL.US', price: 231.5, title: 'AAPL.US crossed 231.5' };

describe('sendPush', () => {
  let standIn: PushServiceStandIn;
  beforeAll(async () => {
    standIn = await startPushServiceStandIn();
  });
  afterAll(() => standIn.close());

  const device = () => standIn.subscribe({ applicationServerKey: vapid.publicKey });

  it("delivers the payload as JSON, encrypted to the device and signed with the server's key", async () => {
    const { subscription, decryptedMessages } = device();
    const before = Date.now();
    expect(await sendPush(subscription, alert, vapid, loopback)).toEqual({ outcome: 'delivered' });
    expect(decryptedMessages().map((text) => JSON.parse(text) as unknown)).toEqual([alert]);
    const received = standIn.received.at(-1);
    expect(received).toMatchObject({ endpoint: subscription.endpoint, status: 201, ttl: '86400', urgency: 'high', signedBy: vapid.publicKey });
    expect(received?.topic).toBeUndefined();
    expect(received?.claims).toMatchObject({ aud: standIn.url, sub: vapid.subject });
    expect((received?.claims?.exp ?? 0) * 1_000).toBeGreaterThan(before);
  });

  it('asks the service to keep it for the TTL given', async () => {
    const { subscription } = device();
    await sendPush(subscription, alert, vapid, { ...loopback, ttlSeconds: 600 });
    expect(standIn.received.at(-1)?.ttl).toBe('600');
  });

  it("sends a trigger's id as a hashed Topic, so a resend replaces the message the device has not yet received", async () => {
    const { subscription, decryptedMessages } = device();
    const topic = 'ann/alert:0f8e4c2a-5b7d-4e0f-9a51-3c2b1d0e9f8a@1764000000000';
    await sendPush(subscription, { ...alert, attempt: 1 }, vapid, { ...loopback, topic });
    const sent = standIn.received.at(-1)?.topic ?? '';
    expect(sent).toMatch(/^[A-Za-z0-9_-]{32}$/);
    await sendPush(subscription, { ...alert, attempt: 2 }, vapid, { ...loopback, topic });
    expect(standIn.received.at(-1)?.topic).toBe(sent);
    await sendPush(subscription, { ...alert, attempt: 3 }, vapid, { ...loopback, topic: `${topic}-other` });
    expect(standIn.received.at(-1)?.topic).not.toBe(sent);
    expect(decryptedMessages().map((text) => (JSON.parse(text) as { attempt: number }).attempt)).toEqual([2, 3]);
  });

  it('says gone when the service answers 410 or 404, and retry for 429, 5xx and other refusals', async () => {
    const answers: [number, object][] = [
      [410, { outcome: 'gone', status: 410 }],
      [404, { outcome: 'gone', status: 404 }],
      [500, { outcome: 'retry', status: 500, error: 'the push service answered 500' }],
      [503, { outcome: 'retry', status: 503 }],
      [429, { outcome: 'retry', status: 429 }],
      [413, { outcome: 'retry', status: 413 }],
    ];
    for (const [status, outcome] of answers) {
      const { subscription, decryptedMessages } = device();
      standIn.setAnswer(subscription.endpoint, status);
      expect(await sendPush(subscription, alert, vapid, loopback), String(status)).toMatchObject(outcome);
      // The stand-in answered after its checks passed: the message was sound.
      expect(standIn.received.at(-1)?.plaintext).toBe(JSON.stringify(alert));
      expect(decryptedMessages()).toEqual([]);
    }
    const unknown: PushTarget = { ...device().subscription, endpoint: `${standIn.url}/push/unknown` };
    expect(await sendPush(unknown, alert, vapid, loopback)).toEqual({ outcome: 'gone', status: 404 });
  });

  it("passes on the service's refusal of a key the device did not subscribe with", async () => {
    const other = standIn.subscribe({ applicationServerKey: webpush.generateVAPIDKeys().publicKey });
    expect(await sendPush(other.subscription, alert, vapid, loopback)).toMatchObject({ outcome: 'retry', status: 403 });
    expect(standIn.received.at(-1)?.reason).toMatch(/another key/);
  });

  it('says retry, sending nothing, for a payload too large for a push', async () => {
    const { subscription } = device();
    const count = standIn.received.length;
    const outcome = await sendPush(subscription, { text: 'x'.repeat(MAX_PUSH_PAYLOAD_BYTES) }, vapid, loopback);
    expect(outcome).toMatchObject({ outcome: 'retry', error: expect.stringMatching(/a push carries at most 3993/) as unknown });
    expect(standIn.received).toHaveLength(count);
    // The largest that fits goes through.
    const fits = { t: 'x'.repeat(MAX_PUSH_PAYLOAD_BYTES - 8) };
    expect(JSON.stringify(fits)).toHaveLength(MAX_PUSH_PAYLOAD_BYTES);
    expect(await sendPush(subscription, fits, vapid, loopback)).toEqual({ outcome: 'delivered' });
  });

  it('posts to loopback over http only when told to, and never to a private address', async () => {
    const { subscription } = device();
    const count = standIn.received.length;
    expect(await sendPush(subscription, alert, vapid)).toMatchObject({ outcome: 'retry', error: expect.stringMatching(/not an https URL/) as unknown });
    expect(await sendPush({ ...subscription, endpoint: 'https://10.0.0.5/push/1' }, alert, vapid)).toMatchObject({
      outcome: 'retry',
      error: expect.stringMatching(/not a public address/) as unknown,
    });
    expect(standIn.received).toHaveLength(count);
  });

  it('says retry when the service cannot be reached or does not answer in time', async () => {
    const { subscription } = device();
    const closed = `http://127.0.0.1:${String(await freePort())}/push/1`;
    expect(await sendPush({ ...subscription, endpoint: closed }, alert, vapid, loopback)).toMatchObject({
      outcome: 'retry',
      error: expect.stringMatching(/ECONNREFUSED/) as unknown,
    });
    const silent = http.createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const endpoint = `http://127.0.0.1:${String((silent.address() as AddressInfo).port)}/push/1`;
      const started = Date.now();
      const outcome = await sendPush({ ...subscription, endpoint }, alert, vapid, { ...loopback, timeoutMs: 200 });
      expect(outcome).toMatchObject({ outcome: 'retry', error: expect.stringMatching(/not sent/) as unknown });
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      silent.closeAllConnections();
      silent.close();
    }
  });

  it('never puts the private key in what it returns, even where a library would', async () => {
    const { subscription } = device();
    // web-push's refusal of a subject repeats the subject: here it holds the key.
    const leaky = { ...vapid, subject: `ftp://${vapid.privateKey}` };
    const outcome = await sendPush(subscription, alert, leaky, loopback);
    expect(outcome).toMatchObject({ outcome: 'retry', error: expect.stringMatching(/not an https: or mailto: URL\. ftp:\/\/\[private key\]/) as unknown });
    expect(JSON.stringify(outcome)).not.toContain(vapid.privateKey);
  });
});
