/** The signature a receiver checks: Stripe's `t=…,v1=…`, over the time and the raw body. */
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signWebhookBody, verifyWebhookSignature } from './webhook-signature.ts';

const SECRET = 'whsec-test';
const BODY = '{"symbol":"AAPL.US","price":231.5}';
const NOW = 1_800_000_000_000;

describe('webhook signatures', () => {
  it('is the HMAC-SHA256 of "<t>.<body>" in hex, as a receiver can compute it by hand', () => {
    const expected = createHmac('sha256', SECRET).update(`1800000000.${BODY}`).digest('hex');
    expect(signWebhookBody(BODY, SECRET, NOW + 999)).toBe(`t=1800000000,v1=${expected}`);
  });

  it('verifies the body it signed, as text or bytes, within the tolerance', () => {
    const header = signWebhookBody(BODY, SECRET, NOW);
    expect(verifyWebhookSignature(header, BODY, SECRET, 300, NOW)).toBe(true);
    expect(verifyWebhookSignature(header, Buffer.from(BODY), SECRET, 300, NOW + 300_000)).toBe(true);
    expect(verifyWebhookSignature(header, BODY, SECRET, 300, NOW - 300_000)).toBe(true);
  });

  it('refuses another body, secret or time, a stale or future one, and a malformed header', () => {
    const header = signWebhookBody(BODY, SECRET, NOW);
    const signature = header.split('v1=')[1] ?? '';
    expect(verifyWebhookSignature(header, `${BODY} `, SECRET, 300, NOW)).toBe(false);
    expect(verifyWebhookSignature(header, BODY, 'whsec-other', 300, NOW)).toBe(false);
    expect(verifyWebhookSignature(header, BODY, SECRET, 300, NOW + 301_000)).toBe(false);
    expect(verifyWebhookSignature(header, BODY, SECRET, 300, NOW - 301_000)).toBe(false);
    // A replay with a fresh time: the signature no longer matches.
    expect(verifyWebhookSignature(`t=1800000100,v1=${signature}`, BODY, SECRET, 300, NOW + 100_000)).toBe(false);
    for (const malformed of [
      undefined,
      '',
      `v1=${signature}`,
      't=1800000000',
      `t=abc,v1=${signature}`,
      `t=1800000000,t=1800000000,v1=${signature}`,
      `t=1800000000,v1=${signature.slice(2)}`,
    ]) {
      expect(verifyWebhookSignature(malformed, BODY, SECRET, 300, NOW)).toBe(false);
    }
  });

  it('accepts any matching v1 among several, as while a secret is replaced', () => {
    const header = signWebhookBody(BODY, SECRET, NOW);
    const [time, v1] = header.split(',');
    expect(verifyWebhookSignature(`${time},v1=${'0'.repeat(64)}, ${v1}`, BODY, SECRET, 300, NOW)).toBe(true);
  });
});
