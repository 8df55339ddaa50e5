/**
 * Reading a request for access control, HTTP or upgrade alike: what its path is (data, page, open),
 * the credentials it carries in their raw forms (cookies, repeated headers, a credential in the
 * query), and the refusal verdicts; `next` after sign-in kept to this server's own paths.
 */
import { ERROR_MESSAGES } from '#shared/contract.ts';
import { ME_PATH, SIGN_IN_CSS_PATH, SIGN_IN_PATH, SIGN_OUT_PATH } from './sign-in-page.ts';

export const SESSION_COOKIE = 'chartroom-session';
/** The name over HTTPS: the `__Host-` prefix makes browsers refuse it without Secure, with a Domain or another Path. */
export const SECURE_SESSION_COOKIE = '__Host-chartroom-session';
/** Query parameters that would carry a credential in a URL (logged by proxies, kept in histories). */
const CREDENTIAL_PARAMS = new Set([
  'access_token',
  'token',
  'api_key',
  'apikey',
  'key',
  'session',
  'bearer',
  'auth',
  'authorization',
  'password',
  SESSION_COOKIE,
]);
/** Longest Cookie header read; a session id is 43 characters. */
export const MAX_COOKIE_HEADER = 4_096;
/** The exact paths of `/auth/*` that are open without a user. */
const OPEN_AUTH_PATHS = new Set([SIGN_IN_PATH, SIGN_IN_CSS_PATH, SIGN_OUT_PATH, ME_PATH]);

/** What a check needs of a request, HTTP or upgrade alike. */
export interface RequestFacts {
  /** A header's value by lower-case name (several joined by the runtime). */
  header(name: string): string | undefined;
  /** Raw header names and values as received, when known. */
  rawHeaders?: readonly string[];
  /** The TCP peer (undefined for in-process requests). */
  socketAddress: string | undefined;
  /** The raw request target, path and query. */
  target: string;
}

export interface Identity {
  /** Empty in AUTH_MODE=none. */
  user: string;
  via: 'none' | 'proxy' | 'session' | 'token';
  /** The session cookie's value (password mode, signed in with the page). */
  sessionId?: string;
}

export interface Refusal {
  status: number;
  code: number;
  message: string;
  /** A fixed word for the audit log and the metrics. */
  reason: string;
  /** Extra response headers (Retry-After). */
  headers?: readonly (readonly [string, string])[];
}

export type Verdict = { ok: true; identity: Identity } | { ok: false; refusal: Refusal };

export type PathKind = 'data' | 'page' | 'open';

/** What a path is: data in any spelling of its case (so `/V1/…` is data too), open only as spelled. */
export function pathKind(path: string): PathKind {
  // Open paths match exactly (the router is case-sensitive: `/AUTH/ME` would reach the page);
  // data paths in any case.
  if (path === '/healthz' || path === '/metrics' || path === '/favicon.svg' || OPEN_AUTH_PATHS.has(path)) return 'open';
  const lower = path.toLowerCase();
  if (lower === '/v1' || lower.startsWith('/v1/') || lower.startsWith('/chartroom/') || lower.startsWith('/__sim')) return 'data';
  return 'page';
}

export function refusal(status: number, code: number, detail: string, reason: string): Verdict {
  return { ok: false, refusal: { status, code, message: `${ERROR_MESSAGES[code as keyof typeof ERROR_MESSAGES]}: ${detail}`, reason } };
}

export function headerCount(facts: RequestFacts, name: string): number {
  if (facts.rawHeaders === undefined) return facts.header(name) === undefined ? 0 : 1;
  let count = 0;
  for (let i = 0; i < facts.rawHeaders.length; i += 2) if (facts.rawHeaders[i]?.toLowerCase() === name) count += 1;
  return count;
}

/** Whether the query names a credential parameter (in any case or escaping of its name). */
export function queryCarriesCredential(target: string): boolean {
  const mark = target.indexOf('?');
  if (mark === -1) return false;
  for (const pair of target.slice(mark + 1).split('&')) {
    const rawName = pair.split('=')[0] ?? '';
    let name: string;
    try {
      name = decodeURIComponent(rawName.replace(/\+/g, ' '));
    } catch {
      name = rawName;
    }
    if (CREDENTIAL_PARAMS.has(name.trim().toLowerCase())) return true;
  }
  return false;
}

/** The values of cookies named `names` in a Cookie header. */
export function cookieValues(header: string | undefined, names: ReadonlySet<string>): string[] {
  if (header === undefined) return [];
  const values: string[] = [];
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1) continue;
    const name = part.slice(0, eq).trim();
    if (names.has(name)) values.push(part.slice(eq + 1).trim());
  }
  return values;
}

export function bare(address: string | undefined): string | undefined {
  return address?.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i, '$1');
}

/** `next` for after sign-in: a path on this server only (no scheme, no `//host`, no backslash). */
export function safeNext(next: string | undefined): string {
  if (next === undefined || next.length > 2_048 || !/^\/(?![/\\])[\x21-\x7e]*$/.test(next)) return '/';
  const path = next.split('?')[0] ?? '';
  if (path.toLowerCase().startsWith('/auth/')) return '/';
  return next;
}
