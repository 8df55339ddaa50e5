/**
 * The stand-in push service checks what it is sent, or the sender's tests would prove nothing:
 * its decryption reads RFC 8291's own example, and each check refuses a message that breaks it
 * (a handmade message that keeps every rule is taken, so each refusal is for the rule broken).
 */
import { createPrivateKey, sign } from 'node:crypto';
import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PushSubscriptionInput } from '#shared/push-protocol.ts';
import { decryptPushMessage, startPushServiceStandIn, type PushServiceStandIn } from './push-service-stand-in.ts';

// RFC 8291 Appendix A: the browser's keys and the message the application server sent.
const RFC_8291 = {
  privateKey: Buffer.from('q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94', 'base64url'),
  auth: Buffer.from('BTBZMqHH6r4Tts7J_aSIgg', 'base64url'),
  body: Buffer.from(
    'DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN',
    'base64url',
  ),
};

type KeyPair = { publicKey: string; privateKey: string };

/** A JWT signed by `signer` with our own code (not web-push's), so any claim can be broken. */
function jwt(claims: Record<string, unknown>, signer: KeyPair, alg = 'ES256'): string {
  const point = Buffer.from(signer.publicKey, 'base64url');
  const key = createPrivateKey({
    key: { kty: 'EC', crv: 'P-256', d: signer.privateKey, x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') },
    format: 'jwk',
  });
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const input = `${part({ typ: 'JWT', alg })}.${part(claims)}`;
  return `${input}.${sign('sha256', Buffer.from(input), { key, dsaEncoding: 'ieee-p1363' }).toString('base64url')}`;
}

describe('the push service stand-in', () => {
  let standIn: PushServiceStandIn;
  const server = webpush.generateVAPIDKeys();
  const other = webpush.generateVAPIDKeys();
  beforeAll(async () => {
    standIn = await startPushServiceStandIn();
  });
  afterAll(() => standIn.close());

  /** What web-push sends to `subscription` (fetch sets the length itself). */
  function message(subscription: PushSubscriptionInput): { headers: Record<string, string>; body: Buffer } {
    const details = webpush.generateRequestDetails(subscription, 'hello', {
      vapidDetails: { subject: 'mailto:ops@desk.example', ...server },
      contentEncoding: 'aes128gcm',
    });
    // web-push's header values include numbers (TTL), whatever its types say.
    const headers = Object.fromEntries(Object.entries(details.headers as Record<string, unknown>).map(([name, value]) => [name.toLowerCase(), String(value)]));
    delete headers['content-length'];
    return { headers, body: details.body };
  }

  /** A message to a new subscription, its headers or body changed by `change`. */
  async function post(change: (headers: Record<string, string>, body: Buffer) => Buffer | undefined = () => undefined) {
    const device = standIn.subscribe({ applicationServerKey: server.publicKey });
    const { headers, body: sent } = message(device.subscription);
    const body = change(headers, sent) ?? sent;
    const answer = await fetch(device.subscription.endpoint, { method: 'POST', headers, body: new Uint8Array(body) });
    return { status: answer.status, reason: await answer.text(), messages: device.decryptedMessages() };
  }
  const withToken =
    (claims: Record<string, unknown>, signer: KeyPair = server, k = server.publicKey, alg?: string) =>
    (headers: Record<string, string>) => {
      headers.authorization = `vapid t=${jwt(claims, signer, alg)}, k=${k}`;
      return undefined;
    };
  const valid = () => ({ aud: standIn.url, exp: Math.floor(Date.now() / 1_000) + 3_600, sub: 'mailto:ops@desk.example' });

  it("decrypts RFC 8291's example message, and nothing under another auth secret", () => {
    expect(decryptPushMessage(RFC_8291.body, RFC_8291)).toBe('When I grow up, I want to be a watermelon');
    expect(() => decryptPushMessage(RFC_8291.body, { ...RFC_8291, auth: Buffer.alloc(16, 7) })).toThrow(/does not decrypt/);
  });

  it('takes a message web-push made, and one signed by our own JWT code', async () => {
    expect(await post()).toEqual({ status: 201, reason: '', messages: ['hello'] });
    expect(await post(withToken(valid()))).toMatchObject({ status: 201, messages: ['hello'] });
  });

  it('refuses a message that breaks a rule, saying which, and holds none of them', async () => {
    const hour = 3_600;
    const now = Math.floor(Date.now() / 1_000);
    const cases: [string, Parameters<typeof post>[0], number, RegExp][] = [
      ['a JWT signed by another key than k', withToken(valid(), other), 401, /signature/],
      ['a JWT for another audience', withToken({ ...valid(), aud: 'https://push.example' }), 401, /aud/],
      ['an expired JWT', withToken({ ...valid(), exp: now - 60 }), 401, /expired/],
      ['a JWT valid for more than a day', withToken({ ...valid(), exp: now + 25 * hour }), 401, /24 hours/],
      ['a JWT whose subject is not mailto: or https:', withToken({ ...valid(), sub: 'http://desk.example' }), 401, /sub/],
      ['a JWT that is not ES256', withToken(valid(), server, server.publicKey, 'HS256'), 401, /ES256/],
      ['a JWT signed by other, not the subscription key', withToken(valid(), other, other.publicKey), 403, /another key/],
      [
        'no authorization',
        (headers) => {
          delete headers.authorization;
          return undefined;
        },
        401,
        /authorization/,
      ],
      [
        'no TTL',
        (headers) => {
          delete headers.ttl;
          return undefined;
        },
        400,
        /TTL/,
      ],
      [
        'another content encoding',
        (headers) => {
          headers['content-encoding'] = 'aesgcm';
          return undefined;
        },
        400,
        /aes128gcm/,
      ],
      [
        'a Topic longer than 32 characters',
        (headers) => {
          headers.topic = 'a'.repeat(33);
          return undefined;
        },
        400,
        /Topic/,
      ],
      ['a body changed on the way', (_headers, body) => Buffer.concat([body.subarray(0, -1), Buffer.from([(body.at(-1) ?? 0) ^ 1])]), 400, /decrypt/],
    ];
    for (const [what, change, status, reason] of cases) {
      const answer = await post(change);
      expect(answer.status, what).toBe(status);
      expect(answer.reason, what).toMatch(reason);
      expect(answer.messages, what).toEqual([]);
    }
  });

  it('answers 404 for an endpoint it never gave, and what setAnswer says for one it did', async () => {
    const unknown = await fetch(`${standIn.url}/push/nobody`, { method: 'POST', body: 'x' });
    expect(unknown.status).toBe(404);
    const device = standIn.subscribe();
    standIn.setAnswer(device.subscription.endpoint, 410);
    const { headers, body } = message(device.subscription);
    const answer = await fetch(device.subscription.endpoint, { method: 'POST', headers, body: new Uint8Array(body) });
    expect(answer.status).toBe(410);
    expect(standIn.received.at(-1)).toMatchObject({ status: 410, plaintext: 'hello', signedBy: server.publicKey });
    expect(device.decryptedMessages()).toEqual([]);
  });
});
