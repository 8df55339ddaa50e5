/**
 * A short, fixed-length, URL-safe name for a text: the first characters of its base64url SHA-256.
 * A device's `endpointHash` (shared/push-protocol.ts) and a push's Topic header (at most 32
 * base64url characters, RFC 8030 §5.4) are made so.
 */
import { createHash } from 'node:crypto';

/** The first `chars` (at most 43) characters of the base64url SHA-256 of `text`. */
export const urlSafeHash = (text: string, chars: number): string => createHash('sha256').update(text).digest('base64url').slice(0, chars);
