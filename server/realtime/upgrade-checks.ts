/**
 * What an upgrade request must pass before a WebSocket is accepted, judged on the request as
 * received: the Host allowlist (DNS rebinding), the raw target (exactly `/v1/realtime`), and the
 * Origin (Cross-Site WebSocket Hijacking). The per-client socket cap is checked by the relay.
 */
import type { IncomingMessage } from 'node:http';
import { ERROR_CODES, ERROR_MESSAGES, REALTIME_PATH } from '#shared/contract.ts';
import { isAllowedHost, type HostPolicy } from '../host-allowlist.ts';
import type { UpgradeRefusal } from './handshake-refusal.ts';
import { isAllowedOrigin } from './origin-check.ts';

const { INVALID_PARAMETER } = ERROR_CODES;
const invalid = (status: number, detail: string): UpgradeRefusal => ({
  status,
  code: INVALID_PARAMETER,
  message: `${ERROR_MESSAGES[INVALID_PARAMETER]}: ${detail}`,
});

export interface UpgradePolicy {
  /** ALLOWED_HOSTS; undefined: any Host (Vite's dev server checks hosts itself). */
  hosts: HostPolicy | undefined;
  /** CORS_ORIGINS: cross-origin pages allowed besides same-origin ones. */
  origins: ReadonlySet<string>;
}

/** A raw request target's path and query (the text after the first `?`; empty without one). */
export function splitTarget(rawTarget: string): { path: string; query: string } {
  const mark = rawTarget.indexOf('?');
  return mark === -1 ? { path: rawTarget, query: '' } : { path: rawTarget.slice(0, mark), query: rawTarget.slice(mark + 1) };
}

/** The path of a raw request target, compared byte for byte: no dot segments, no encodings. */
export function isRealtimeTarget(rawTarget: string | undefined): boolean {
  return rawTarget !== undefined && splitTarget(rawTarget).path === REALTIME_PATH;
}

function hostHeaderCount(request: IncomingMessage): number {
  let count = 0;
  for (let i = 0; i < request.rawHeaders.length; i += 2) if (request.rawHeaders[i]?.toLowerCase() === 'host') count += 1;
  return count;
}

/** Why the upgrade is refused, or undefined when it may go on. */
export function upgradeRefusal(request: IncomingMessage, policy: UpgradePolicy): UpgradeRefusal | undefined {
  const host = request.headers.host;
  if (hostHeaderCount(request) > 1) return invalid(400, 'more than one Host header');
  if (policy.hosts !== undefined && !isAllowedHost(host, policy.hosts)) {
    return invalid(403, 'this server does not answer for that Host (see ALLOWED_HOSTS)');
  }
  if (!isRealtimeTarget(request.url)) return invalid(404, 'unknown path');
  if (request.method !== 'GET') return invalid(405, 'a WebSocket handshake is a GET');
  if (!isAllowedOrigin(request.headers.origin, host, policy.origins)) {
    return invalid(403, 'cross-origin WebSocket not allowed (see CORS_ORIGINS)');
  }
  return undefined;
}
