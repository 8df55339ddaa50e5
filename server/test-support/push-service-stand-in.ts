/**
 * A push service for tests, as FCM, Mozilla's autopush or Apple's would answer the server (RFC
 * 8030), with the browser's side of each subscription: a real HTTP server on a free loopback
 * port. Every message is checked as a push service checks it (the VAPID JWT of RFC 8292: ES256,
 * its signature by the key it names, the audience, the expiry, the subject; the key the
 * subscription was made with; the TTL, Urgency and Topic headers; the aes128gcm encoding), then
 * decrypted as the browser would (RFC 8188 and RFC 8291). The decryption is written here with
 * node:crypto, not web-push's or http_ece's: an independent check of what the sender sends
 * (push-service-stand-in.test.ts runs it on RFC 8291's own example).
 *
 * A message is held as for a device that is offline: one with the Topic of a message held
 * before replaces it (RFC 8030 §5.4).
 */
import { createDecipheriv, createECDH, hkdfSync, randomBytes, verify } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PushSubscriptionInput } from '#shared/push-protocol.ts';
import { p256PublicKey } from '../alerts/push/p256-point.ts';

/** A browser's keys of one subscription: its P-256 key pair (raw) and its 16-byte auth secret. */
export interface BrowserKeys {
  privateKey: Buffer;
  auth: Buffer;
}

export interface VapidClaims {
  aud: string;
  exp: number;
  sub: string;
}

export interface ReceivedPush {
  endpoint: string;
  /** What the stand-in answered. */
  status: number;
  /** Why it refused; absent when it took the message. */
  reason?: string;
  ttl?: string;
  urgency?: string;
  topic?: string;
  /** The VAPID public key that signed it (once the signature verified). */
  signedBy?: string;
  claims?: VapidClaims;
  /** The message, decrypted (once it decrypted). */
  plaintext?: string;
}

export interface StandInSubscription {
  /** What `PushSubscription.toJSON()` gives in a browser. */
  subscription: PushSubscriptionInput;
  /** The messages held for the device, decrypted, oldest first. */
  decryptedMessages: () => string[];
}

export interface SubscribeOptions {
  /** The VAPID key the browser subscribed with: a push signed by another is refused (403). */
  applicationServerKey?: string;
  /** Fixed keys instead of new ones (a published example's). */
  keys?: BrowserKeys;
}

export interface PushServiceStandIn {
  /** `http://127.0.0.1:<port>`. */
  url: string;
  subscribe(options?: SubscribeOptions): StandInSubscription;
  /** Answer `status` to every later message to `endpoint` that passes the checks (undefined: take them again). */
  setAnswer(endpoint: string, status: number | undefined): void;
  /** Every message posted, in order, with what was answered. */
  readonly received: ReceivedPush[];
  close(): Promise<void>;
}

/** A message refused with its status and why. */
class Refused extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const MAX_BODY_BYTES = 4_096;
const DAY_MS = 24 * 60 * 60 * 1_000;
const TOPIC = /^[A-Za-z0-9_-]{1,32}$/;
const URGENCIES = ['very-low', 'low', 'normal', 'high'];

const jsonOf = (part: string): unknown => JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));

/**
 * The `Authorization: vapid t=<JWT>, k=<key>` header checked as RFC 8292 asks: the JWT is ES256,
 * signed by k, for `audience` (the endpoint's origin), not expired and expiring within 24 hours,
 * with a mailto: or https: subject. Throws Refused (401).
 */
export function checkVapid(header: string | undefined, audience: string, now: number): { key: string; claims: VapidClaims } {
  const params = new Map(
    (/^vapid\s+(.*)$/i.exec(header ?? '')?.[1] ?? '').split(',').map((param) => {
      const [name = '', ...value] = param.trim().split('=');
      return [name.toLowerCase(), value.join('=')] as const;
    }),
  );
  const token = params.get('t') ?? '';
  const key = params.get('k') ?? '';
  const parts = token.split('.');
  const [head = '', body = '', signature = ''] = parts;
  if (parts.length !== 3 || key === '') throw new Refused(401, 'no vapid t=<JWT>, k=<key> authorization');
  let publicKey;
  try {
    publicKey = p256PublicKey(Buffer.from(key, 'base64url'));
  } catch {
    throw new Refused(401, 'k is not a P-256 public key');
  }
  let alg: unknown;
  let claims: Partial<Record<keyof VapidClaims, unknown>>;
  try {
    alg = (jsonOf(head) as { alg?: unknown }).alg;
    claims = jsonOf(body) as typeof claims;
  } catch {
    throw new Refused(401, 'the JWT is not base64url JSON');
  }
  if (alg !== 'ES256') throw new Refused(401, 'the JWT is not ES256');
  const signed = verify('sha256', Buffer.from(`${head}.${body}`), { key: publicKey, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
  if (!signed) throw new Refused(401, "the JWT's signature is not k's");
  const { aud, exp, sub } = claims;
  if (aud !== audience) throw new Refused(401, `the JWT's aud is not ${audience}`);
  if (typeof exp !== 'number' || exp * 1_000 <= now) throw new Refused(401, 'the JWT has expired');
  if (exp * 1_000 > now + DAY_MS) throw new Refused(401, 'the JWT expires more than 24 hours ahead');
  if (typeof sub !== 'string' || !/^(mailto:|https:)/.test(sub) || !URL.canParse(sub)) throw new Refused(401, "the JWT's sub is not a mailto: or https: URL");
  return { key, claims: { aud, exp, sub } };
}

const hkdf = (secret: Buffer, salt: Buffer, info: Buffer, length: number): Buffer => Buffer.from(hkdfSync('sha256', secret, salt, info, length));

/** The plaintext of an aes128gcm body (RFC 8188) encrypted to `keys` (RFC 8291); throws Refused (400). */
export function decryptPushMessage(body: Buffer, keys: BrowserKeys): string {
  // Header: salt (16) | record size (4) | key id length (1) | key id (the sender's public key).
  if (body.length < 21) throw new Refused(400, 'shorter than an aes128gcm header');
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20] ?? 0;
  if (idLength !== 65) throw new Refused(400, 'the key id is not a P-256 public key (65 bytes)');
  const senderKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  if (record.length < 17 || record.length > recordSize) throw new Refused(400, 'not one record of at most the record size');
  const browser = createECDH('prime256v1');
  browser.setPrivateKey(keys.privateKey);
  let shared: Buffer;
  try {
    shared = browser.computeSecret(senderKey);
  } catch {
    throw new Refused(400, 'the key id is not a point of P-256');
  }
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), browser.getPublicKey(), senderKey]);
  const ikm = hkdf(shared, keys.auth, keyInfo, 32);
  const contentKey = hkdf(ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const nonce = hkdf(ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12);
  const decipher = createDecipheriv('aes-128-gcm', contentKey, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  let padded: Buffer;
  try {
    padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  } catch {
    throw new Refused(400, 'the body does not decrypt with the subscription keys');
  }
  // The data, the last record's delimiter (2), then any zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Refused(400, "no last record's delimiter");
  return padded.subarray(0, end).toString('utf8');
}

/** A browser's subscription to `endpoint`: new keys (P-256 and a 16-byte auth secret), or `keys`. */
export function browserSubscription(endpoint: string, keys?: BrowserKeys): { subscription: PushSubscriptionInput; keys: BrowserKeys } {
  const browser = createECDH('prime256v1');
  if (keys === undefined) browser.generateKeys();
  else browser.setPrivateKey(keys.privateKey);
  const own = keys ?? { privateKey: browser.getPrivateKey(), auth: randomBytes(16) };
  const p256dh = browser.getPublicKey().toString('base64url');
  return { subscription: { endpoint, expirationTime: null, keys: { p256dh, auth: own.auth.toString('base64url') } }, keys: own };
}

interface Device {
  keys: BrowserKeys;
  applicationServerKey: string | undefined;
  /** Held messages: a later one with the same topic replaces the earlier. */
  held: { topic: string | undefined; text: string }[];
}

function readBody(request: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    request.on('end', () => {
      if (size > MAX_BODY_BYTES) reject(new Refused(413, `the body is more than ${String(MAX_BODY_BYTES)} bytes`));
      else resolve(Buffer.concat(chunks));
    });
    request.on('error', reject);
  });
}

export async function startPushServiceStandIn(): Promise<PushServiceStandIn> {
  const devices = new Map<string, Device>();
  const answers = new Map<string, number>();
  const received: ReceivedPush[] = [];
  let url = '';

  /** Checks and takes one message; throws Refused. */
  async function take(request: http.IncomingMessage, entry: ReceivedPush): Promise<number> {
    const device = devices.get(entry.endpoint);
    if (request.method !== 'POST') throw new Refused(405, 'POST a message');
    if (device === undefined) throw new Refused(404, 'no such subscription');
    const body = await readBody(request);
    if (entry.ttl === undefined || !/^\d+$/.test(entry.ttl)) throw new Refused(400, 'no TTL header of whole seconds');
    if (entry.urgency !== undefined && !URGENCIES.includes(entry.urgency)) throw new Refused(400, 'Urgency is not very-low, low, normal or high');
    if (entry.topic !== undefined && !TOPIC.test(entry.topic)) throw new Refused(400, 'Topic is not 1 to 32 base64url characters');
    if (request.headers['content-encoding'] !== 'aes128gcm') throw new Refused(400, 'Content-Encoding is not aes128gcm');
    const { key, claims } = checkVapid(request.headers.authorization, url, Date.now());
    entry.signedBy = key;
    entry.claims = claims;
    if (device.applicationServerKey !== undefined && key !== device.applicationServerKey)
      throw new Refused(403, 'signed by another key than the one the subscription was made with');
    const text = decryptPushMessage(body, device.keys);
    entry.plaintext = text;
    const answer = answers.get(entry.endpoint);
    if (answer !== undefined) return answer;
    device.held = device.held.filter((message) => entry.topic === undefined || message.topic !== entry.topic);
    device.held.push({ topic: entry.topic, text });
    return 201;
  }

  const server = http.createServer((request, response) => {
    const header = (name: string) => (typeof request.headers[name] === 'string' ? request.headers[name] : undefined);
    const entry: ReceivedPush = { endpoint: `${url}${request.url ?? ''}`, status: 0 };
    for (const [field, name] of [
      ['ttl', 'ttl'],
      ['urgency', 'urgency'],
      ['topic', 'topic'],
    ] as const) {
      const value = header(name);
      if (value !== undefined) entry[field] = value;
    }
    received.push(entry);
    take(request, entry).then(
      (status) => {
        entry.status = status;
        response.writeHead(status).end();
      },
      (error: unknown) => {
        entry.status = error instanceof Refused ? error.status : 500;
        entry.reason = error instanceof Error ? error.message : 'unknown error';
        response.writeHead(entry.status, { 'content-type': 'text/plain' }).end(entry.reason);
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;

  return {
    url,
    received,
    subscribe({ applicationServerKey, keys } = {}) {
      const browser = browserSubscription(`${url}/push/${randomBytes(12).toString('base64url')}`, keys);
      const device: Device = { keys: browser.keys, applicationServerKey, held: [] };
      devices.set(browser.subscription.endpoint, device);
      return { subscription: browser.subscription, decryptedMessages: () => device.held.map((message) => message.text) };
    },
    setAnswer(endpoint, status) {
      if (status === undefined) answers.delete(endpoint);
      else answers.set(endpoint, status);
    },
    close() {
      server.closeAllConnections();
      return new Promise<void>((resolve, reject) => {
        server.close((error) => {
          if (error) reject(error);
          else resolve();
        });
      });
    },
  };
}
