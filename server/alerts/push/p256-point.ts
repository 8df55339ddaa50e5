/**
 * A raw P-256 public key (65 bytes: 0x04, x, y; how Web Push spells a browser's key and the
 * server's VAPID key) as a Node key. Importing it as a JWK checks the point is on the curve: a key
 * that is not would fail every encryption to it later, so it is refused where it comes in.
 */
import { createPublicKey, type KeyObject } from 'node:crypto';

/** The key, or throws when `raw` is not an uncompressed point of P-256. */
export function p256PublicKey(raw: Buffer): KeyObject {
  if (raw.length !== 65 || raw[0] !== 0x04) throw new Error('not an uncompressed P-256 point (65 bytes, the first 0x04)');
  const coordinate = (from: number) => raw.subarray(from, from + 32).toString('base64url');
  return createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: coordinate(1), y: coordinate(33) }, format: 'jwk' });
}
