/**
 * One Web Push message to one device: encrypted to the browser's keys (RFC 8291, aes128gcm) and
 * signed with the server's VAPID key (RFC 8292) by web-push, posted to the device's push service
 * by us. web-push's own sender always speaks HTTPS (no stand-in service on loopback in the tests)
 * and times out only an idle socket; ours bounds the whole exchange and connects only to public
 * addresses (public-address.ts).
 *
 * What the push service answered decides what the caller does: 'delivered'; 'gone' (404, 410:
 * the subscription ended, remove it); 'retry' for everything else (429, 5xx, the network, and
 * other 4xx with their status: the caller gives up after its attempts).
 */
import http from 'node:http';
import https from 'node:https';
import webpush, { type RequestDetails } from 'web-push';
import { allowedAddressLookup } from './public-address.ts';
import { endpointProblem, type PushTarget } from './push-subscriptions.ts';
import { urlSafeHash } from './url-safe-hash.ts';
import type { VapidKeys } from './vapid-keys.ts';

export type PushOutcome = { outcome: 'delivered' } | { outcome: 'gone'; status: number } | { outcome: 'retry'; error: string; status?: number };

export interface SendPushOptions {
  /** How long the push service keeps the message for a device that is offline, in seconds (default 24 h). */
  ttlSeconds?: number;
  /**
   * What the message is about (a trigger id): sent hashed as its Topic, so a retry replaces a copy
   * the push service still holds for an offline device instead of adding a second one.
   */
  topic?: string;
  /** The whole exchange with the push service, in ms (default 10 s). */
  timeoutMs?: number;
  /** Post to http:// on loopback (the tests' stand-in push service). */
  allowInsecureLoopback?: boolean;
}

export const DEFAULT_PUSH_TTL_SECONDS = 24 * 60 * 60;
const DEFAULT_TIMEOUT_MS = 10_000;
/** A push's body is at most 4,096 bytes (RFC 8291 §4): the 86-byte header, the 16-byte tag and the padding delimiter leave this much for the payload. */
export const MAX_PUSH_PAYLOAD_BYTES = 4_096 - 86 - 16 - 1;
/** Topic headers are at most 32 base64url characters (RFC 8030 §5.4). */
const TOPIC_CHARS = 32;

/** A message for the caller's log: bounded, and never the private key (whatever a library put in an error). */
function safeMessage(error: unknown, vapid: VapidKeys): string {
  const text = error instanceof Error ? error.message : 'unknown error';
  return text.split(vapid.privateKey).join('[private key]').slice(0, 300);
}

/** The status the push service answered (its body is read and dropped: only the status tells). */
function post(url: URL, details: RequestDetails, timeoutMs: number, allowLoopback: boolean): Promise<number> {
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = transport.request(
      url,
      { method: details.method, headers: details.headers, lookup: allowedAddressLookup(allowLoopback), signal: AbortSignal.timeout(timeoutMs) },
      (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      },
    );
    request.on('error', reject);
    request.end(details.body ?? undefined);
  });
}

function outcomeOf(status: number): PushOutcome {
  if (status >= 200 && status < 300) return { outcome: 'delivered' };
  if (status === 404 || status === 410) return { outcome: 'gone', status };
  return { outcome: 'retry', error: `the push service answered ${String(status)}`, status };
}

/** Sends `payload` (as JSON) to the device; never throws. */
export async function sendPush(subscription: PushTarget, payload: object, vapid: VapidKeys, options: SendPushOptions = {}): Promise<PushOutcome> {
  const { ttlSeconds = DEFAULT_PUSH_TTL_SECONDS, topic, timeoutMs = DEFAULT_TIMEOUT_MS, allowInsecureLoopback = false } = options;
  const body = JSON.stringify(payload);
  const bytes = Buffer.byteLength(body);
  if (bytes > MAX_PUSH_PAYLOAD_BYTES)
    return { outcome: 'retry', error: `the payload is ${String(bytes)} bytes; a push carries at most ${String(MAX_PUSH_PAYLOAD_BYTES)}` };
  // Checked again here, not only when stored: the store's rules may have been looser then.
  const problem = endpointProblem(subscription.endpoint, allowInsecureLoopback);
  if (problem !== undefined) return { outcome: 'retry', error: problem };
  let details: RequestDetails;
  try {
    details = webpush.generateRequestDetails(subscription, body, {
      vapidDetails: vapid,
      TTL: ttlSeconds,
      urgency: 'high',
      contentEncoding: 'aes128gcm',
      ...(topic !== undefined && { topic: urlSafeHash(topic, TOPIC_CHARS) }),
    });
  } catch (error) {
    return { outcome: 'retry', error: `not encrypted or signed: ${safeMessage(error, vapid)}` };
  }
  try {
    return outcomeOf(await post(new URL(subscription.endpoint), details, timeoutMs, allowInsecureLoopback));
  } catch (error) {
    return { outcome: 'retry', error: `not sent: ${safeMessage(error, vapid)}` };
  }
}
