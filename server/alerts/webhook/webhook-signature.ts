/**
 * The webhook's signature, Stripe's scheme: `X-Chartroom-Signature: t=<unix seconds>,v1=<hex>`,
 * the HMAC-SHA256 of `<t>.<raw body>` under the user's signing secret. The receiver learns that
 * the body is ours and unchanged (the HMAC) and fresh (the time is inside it, so an old request
 * replayed with a new `t` no longer verifies).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_HEADER = 'X-Chartroom-Signature';
/** How old a signature a receiver accepts by default (Stripe's five minutes). */
export const DEFAULT_SIGNATURE_TOLERANCE_SECONDS = 300;

/** The key is the secret's text as the user copies it (no decoding for a receiver to get wrong). */
function signatureOf(secret: string, seconds: number, rawBody: string | Uint8Array): Buffer {
  return createHmac('sha256', secret).update(`${seconds}.`).update(rawBody).digest();
}

/** The header's value for this body at this time (ms). */
export function signWebhookBody(rawBody: string, secret: string, nowMs: number): string {
  const seconds = Math.floor(nowMs / 1000);
  return `t=${seconds},v1=${signatureOf(secret, seconds, rawBody).toString('hex')}`;
}

/**
 * What a receiver does with the header and the body's raw bytes (before any JSON parsing, which
 * would not give the same bytes back): true when a `v1` matches and `t` is within the tolerance
 * of its clock. Several `v1` are allowed, as when a secret is being replaced.
 */
export function verifyWebhookSignature(
  header: string | undefined,
  rawBody: string | Uint8Array,
  secret: string,
  toleranceSeconds = DEFAULT_SIGNATURE_TOLERANCE_SECONDS,
  nowMs = Date.now(),
): boolean {
  if (header === undefined) return false;
  const pairs = header.split(',').map((part) => part.trim().split('='));
  const times = pairs.filter(([key]) => key === 't').map(([, value]) => value ?? '');
  const [time] = times;
  if (times.length !== 1 || time === undefined || !/^\d{1,12}$/.test(time)) return false;
  const seconds = Number(time);
  if (Math.abs(nowMs / 1000 - seconds) > toleranceSeconds) return false;
  const expected = signatureOf(secret, seconds, rawBody);
  return pairs.some(([key, value]) => {
    if (key !== 'v1' || value === undefined || !/^[0-9a-f]{64}$/i.test(value)) return false;
    return timingSafeEqual(Buffer.from(value, 'hex'), expected);
  });
}
