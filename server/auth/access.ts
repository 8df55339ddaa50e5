/**
 * Access control of the server (issue 20): who a request comes from, whether it may in, and how
 * much of the key each user may spend. One `AccessControl` per app: a middleware every HTTP
 * request passes (after the request-shape guard, so targets are in normal form), the `/auth/*`
 * routes (sign-in page, sign-in, sign-out, `me`), and the check of the `/v1/realtime` upgrade.
 *
 * What is checked, per mode:
 * - proxy: the user header (AUTH_USER_HEADER), believed only when the TCP peer is one of
 *   AUTH_PROXY_ADDRESSES (the proxy nearest the server, which sets the header itself);
 * - password: the session cookie, against the server-side store (the database when the server has
 *   one, shared by every instance and kept over restarts; else this process's memory);
 * - both: `Authorization: Bearer <token>` from ACCESS_TOKENS_FILE. A credential in the query
 *   string, a repeated credential header and a malformed cookie are refused outright.
 * Data paths (/v1, the catalogue, /__sim) always need a user; the page and its files only with
 * AUTH_STATIC=signed-in. A refusal is 401 with the contract's envelope (1002: no credentials,
 * 1001: credentials not valid), never reaching the upstream. A session store that cannot answer
 * (the database away) is 503, never a way in.
 *
 * Checking a session may wait on the database, so the guard does it once per request and leaves
 * the identity on the request's context: `userOf` reads it back synchronously.
 */
import { statSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import type { Context, Hono, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { Kysely } from 'kysely';
import { ERROR_CODES, ERROR_MESSAGES, SIGN_IN_REQUIRED } from '#shared/contract.ts';
import { clientAddress, clientKey } from '../client-address.ts';
import type { Database } from '../db/schema.ts';
import { ClientRateLimiter } from '../rate-limiter.ts';
import { errorResponse, jsonResponse } from '../upstream/envelope.ts';
import { AuditLog, type AuditEvent, type AuditFields } from './audit-log.ts';
import type { AuthConfig } from './config.ts';
import { isUserName, TokenFile, UserFile } from './credentials.ts';
import { DatabaseSessionStore } from './database-sessions.ts';
import { Lockout, type LockoutOptions } from './lockout.ts';
import { MemorySessionStore } from './memory-sessions.ts';
import type { SessionStore } from './sessions.ts';
import {
  bare,
  cookieValues,
  headerCount,
  MAX_COOKIE_HEADER,
  pathKind,
  queryCarriesCredential,
  refusal,
  safeNext,
  SECURE_SESSION_COOKIE,
  SESSION_COOKIE,
  type Identity,
  type PathKind,
  type Refusal,
  type RequestFacts,
  type Verdict,
} from './request-facts.ts';
import { ME_PATH, SIGN_IN_CSS, SIGN_IN_CSS_PATH, SIGN_IN_PATH, SIGN_OUT_PATH, signInPage } from './sign-in-page.ts';
import { createUserMetrics, type UserMetrics } from './user-metrics.ts';

const { INVALID_KEY, MISSING_KEY, RATE_LIMITED, PERMISSION_DENIED, SERVICE_UNAVAILABLE } = ERROR_CODES;
const MAX_FORM_BYTES = 4_096;
/** How often sessions past a deadline (or ended on another instance) are looked for. */
const SWEEP_MS = 30_000;

/** The context variable the guard leaves the identity in, for `userOf`. */
const IDENTITY = 'chartroomIdentity';
interface IdentityEnv {
  Variables: { [IDENTITY]?: Identity };
}

/** The answer while the session store cannot answer (the database away): try again, not "sign in". */
const SESSIONS_UNAVAILABLE: Refusal = {
  status: 503,
  code: SERVICE_UNAVAILABLE,
  message: `${ERROR_MESSAGES[SERVICE_UNAVAILABLE]}: sign-in sessions are not available; try again shortly`,
  reason: 'sessions-unavailable',
  headers: [['Retry-After', '5']],
};

export {
  pathKind,
  queryCarriesCredential,
  safeNext,
  SECURE_SESSION_COOKIE,
  SESSION_COOKIE,
  type Identity,
  type PathKind,
  type RequestFacts,
  type Verdict,
} from './request-facts.ts';

export interface AccessControlOptions {
  auth: AuthConfig;
  trustProxyHops: number;
  log?: (line: string) => void;
  /** Clock of sessions, lockout, budgets and the audit log's summaries (ms). */
  now?: () => number;
  lockout?: Omit<LockoutOptions, 'now'>;
  /** The users and tokens, instead of reading the configured files (tests). */
  users?: UserFile;
  tokens?: TokenFile;
  /**
   * Where AUTH_MODE=password keeps its sessions: this database (opened by the first use), which
   * every instance sharing it reads and a restart keeps; absent: this process's memory.
   */
  sessionDatabase?: () => Promise<Kysely<Database>>;
}

export interface UpgradeAdmission {
  user: string;
  /** Calls `close` when the session behind the socket ends (sign-out, expiry); returns the unsubscribe. */
  watch: (close: () => void) => () => void;
}

export interface AccessControl {
  mode: AuthConfig['mode'];
  /** Every request: refuses what may not in, and holds each user to their budget on data paths. */
  guard: MiddlewareHandler;
  /** Mounts /auth/sign-in (page, form post), /auth/sign-in.css, /auth/sign-out, /auth/me. */
  mount: (app: Hono) => void;
  /** The check of a `/v1/realtime` upgrade: an admission, or the refusal to answer with. */
  admitUpgrade: (request: IncomingMessage) => Promise<{ ok: true; admission: UpgradeAdmission } | { ok: false; refusal: Refusal }>;
  metrics: UserMetrics;
  sessions: SessionStore;
  /**
   * Who sent the request, as the guard found it: the signed-in user, `local` in AUTH_MODE=none
   * (one user, stored the same way); undefined when nobody is signed in, or on a path the guard
   * does not check (open paths, and the page's unless AUTH_STATIC=signed-in).
   */
  userOf: (c: Context) => string | undefined;
  /** A request from this server's own pages (the rule of sign-in's form posts): Origin, else Sec-Fetch-Site. */
  sameOrigin: (c: Context) => boolean;
  /** A line of the audit log (no request content: the fields are a closed set). */
  audit: (event: AuditEvent, fields: AuditFields) => void;
  /** Stops the session sweep. */
  close(): void;
}

/** Size and modification time of a file, to notice it changed; undefined when it cannot be read. */
function fileStamp(path: string | undefined): string | undefined {
  if (path === undefined) return undefined;
  try {
    const info = statSync(path);
    return `${info.size}:${info.mtimeMs}`;
  } catch {
    return undefined;
  }
}

function readOptional<T>(path: string | undefined, read: (path: string) => T): T | undefined {
  return path === undefined ? undefined : read(path);
}

/** The one user of AUTH_MODE=none, whose workspace is stored like anyone's. */
export const LOCAL_USER = 'local';

export function createAccessControl(options: AccessControlOptions): AccessControl {
  const { auth, trustProxyHops } = options;
  const now = options.now ?? Date.now;
  const write = options.log ?? (() => undefined);
  const audit = new AuditLog(write, { now });
  const metrics = createUserMetrics();
  let users = options.users ?? (auth.mode === 'password' ? readOptional(auth.usersFile, (path) => UserFile.read(path)) : undefined);
  // The users file is read again when it changes (a user added or removed without a restart).
  let usersStamp = options.users === undefined ? fileStamp(auth.usersFile) : undefined;
  const refreshUsers = (): void => {
    if (options.users !== undefined || auth.usersFile === undefined) return;
    const stamp = fileStamp(auth.usersFile);
    if (stamp === usersStamp) return;
    usersStamp = stamp;
    try {
      users = UserFile.read(auth.usersFile);
      write('chartroom: AUTH_USERS_FILE changed, read again');
    } catch (error) {
      // The message names the file and line, never the line's content.
      write(`chartroom: AUTH_USERS_FILE changed but was not read, the users read before stay (${error instanceof Error ? error.message : 'unreadable'})`);
    }
  };
  const tokens = options.tokens ?? (auth.mode === 'none' ? undefined : readOptional(auth.tokensFile, (path) => TokenFile.read(path)));
  const rules = { ttlMs: auth.sessionTtlMs, idleMs: auth.sessionIdleMs, now };
  const sessions: SessionStore = options.sessionDatabase ? new DatabaseSessionStore({ ...rules, db: options.sessionDatabase }) : new MemorySessionStore(rules);
  metrics.setSessions(() => sessions.count());
  const lockout = new Lockout({ baseDelayMs: auth.lockoutBaseMs, ...options.lockout, now });
  const budget = auth.userRateLimit > 0 ? new ClientRateLimiter({ perMinute: auth.userRateLimit, now }) : undefined;
  const proxies = new Set(auth.proxyAddresses.map((address) => bare(address)));
  const sessionCookieNames = new Set([SESSION_COOKIE, SECURE_SESSION_COOKIE]);
  const reasonOf = (error: unknown): string => (error instanceof Error ? error.message : 'unknown error');
  /** A session store that failed (the database away): logged and counted; the caller answers 503. */
  const storeFailed = (error: unknown): void => {
    write(`chartroom: sign-in sessions not available (${reasonOf(error)})`);
    metrics.authEvent('refused', SESSIONS_UNAVAILABLE.reason);
  };
  /** What `work` on the sessions resolves with, or the 503 to answer while the store cannot answer. */
  const orUnavailable = async <T>(work: () => Promise<T>): Promise<T | Response> => {
    try {
      return await work();
    } catch (error) {
      storeFailed(error);
      return errorResponse(SESSIONS_UNAVAILABLE.status, SESSIONS_UNAVAILABLE.code, SESSIONS_UNAVAILABLE.message, {
        'Cache-Control': 'no-store',
        ...Object.fromEntries(SESSIONS_UNAVAILABLE.headers ?? []),
      });
    }
  };
  let sweeping = false;
  const sweep =
    auth.mode === 'password'
      ? setInterval(() => {
          // One sweep at a time: a slow database must not pile them up.
          if (sweeping) return;
          sweeping = true;
          sessions
            .sweep()
            .catch((error: unknown) => {
              write(`chartroom: session sweep failed (${reasonOf(error)}); the next one tries again`);
            })
            .finally(() => {
              sweeping = false;
            });
        }, SWEEP_MS)
      : undefined;
  sweep?.unref();

  const addressOf = (facts: RequestFacts): string =>
    clientKey(clientAddress({ socket: facts.socketAddress, forwardedFor: facts.header('x-forwarded-for') }, trustProxyHops));

  /** Who sent the request, or why not; rejects when the session store cannot answer. */
  async function identify(facts: RequestFacts): Promise<Verdict> {
    if (auth.mode === 'none') return { ok: true, identity: { user: '', via: 'none' } };
    if (queryCarriesCredential(facts.target))
      return refusal(401, INVALID_KEY, 'credentials go in the Authorization header or the session cookie, never in the URL', 'credential-in-url');
    for (const name of ['authorization', 'cookie', auth.userHeader]) {
      if (headerCount(facts, name) > 1) return refusal(401, INVALID_KEY, `more than one ${name} header`, 'repeated-header');
    }
    const authorization = facts.header('authorization');
    if (authorization !== undefined) {
      const token = /^Bearer[ ]+([A-Za-z0-9._~+/=-]+)$/i.exec(authorization.trim())?.[1];
      const user = token === undefined ? undefined : tokens?.userOf(token);
      if (user === undefined) return refusal(401, INVALID_KEY, 'the bearer token is not valid', 'bad-token');
      return { ok: true, identity: { user, via: 'token' } };
    }
    if (auth.mode === 'proxy') {
      const named = facts.header(auth.userHeader);
      if (named === undefined) return refusal(401, MISSING_KEY, 'sign in through the sign-in proxy', 'no-credentials');
      if (!proxies.has(bare(facts.socketAddress))) return refusal(401, INVALID_KEY, 'the user header is believed from the sign-in proxy only', 'untrusted-hop');
      const user = named.trim();
      if (!isUserName(user)) return refusal(401, INVALID_KEY, 'the user header does not name a user', 'bad-user-header');
      return { ok: true, identity: { user, via: 'proxy' } };
    }
    const cookie = facts.header('cookie');
    if (cookie !== undefined && cookie.length > MAX_COOKIE_HEADER) return refusal(401, INVALID_KEY, 'cookie header too large', 'bad-cookie');
    const values = cookieValues(cookie, sessionCookieNames);
    if (values.length === 0) return refusal(401, MISSING_KEY, `sign in at ${SIGN_IN_PATH}`, 'no-credentials');
    if (values.length > 1) return refusal(401, INVALID_KEY, 'more than one session cookie', 'repeated-cookie');
    const sessionId = values[0] ?? '';
    const session = await sessions.get(sessionId);
    if (session === undefined) return refusal(401, INVALID_KEY, `session expired or unknown: sign in again at ${SIGN_IN_PATH}`, 'no-session');
    return { ok: true, identity: { user: session.user, via: 'session', sessionId } };
  }

  function factsOf(c: Context): RequestFacts {
    const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
    return {
      header: (name) => c.req.header(name),
      ...(incoming?.rawHeaders !== undefined && { rawHeaders: incoming.rawHeaders }),
      socketAddress: incoming?.socket.remoteAddress,
      target: incoming?.url ?? new URL(c.req.url).pathname + new URL(c.req.url).search,
    };
  }

  const refuse = (verdict: Extract<Verdict, { ok: false }>, facts: RequestFacts, via: string): Response => {
    audit.record('refused', { outcome: verdict.refusal.reason, address: addressOf(facts), via });
    metrics.authEvent('refused', verdict.refusal.reason);
    return jsonResponse(
      verdict.refusal.status,
      { code: verdict.refusal.code, message: verdict.refusal.message, error: SIGN_IN_REQUIRED },
      { 'Cache-Control': 'no-store' },
    );
  };

  const guard: MiddlewareHandler = async (c, next) => {
    const facts = factsOf(c);
    const path = facts.target.split('?')[0] ?? '';
    // The stricter of the raw target's and the router's reading.
    const kinds = [pathKind(path), pathKind(c.req.path)];
    const kind: PathKind = kinds.includes('data') ? 'data' : kinds.includes('page') ? 'page' : 'open';
    if (kind === 'open' || (kind === 'page' && !auth.protectStatic)) {
      await next();
      return undefined;
    }
    const verdict = await orUnavailable(() => identify(facts));
    if (verdict instanceof Response) return verdict;
    if (!verdict.ok) {
      // A page behind sign-in: the browser goes to the sign-in page, and comes back after.
      if (kind === 'page' && auth.mode === 'password' && (c.req.method === 'GET' || c.req.method === 'HEAD') && !path.startsWith('/assets/')) {
        audit.record('refused', { outcome: verdict.refusal.reason, address: addressOf(facts), via: 'page' });
        return new Response(null, {
          status: 303,
          headers: { Location: `${SIGN_IN_PATH}?next=${encodeURIComponent(safeNext(facts.target))}`, 'Cache-Control': 'no-store' },
        });
      }
      return refuse(verdict, facts, 'http');
    }
    c.set(IDENTITY, verdict.identity);
    const { user } = verdict.identity;
    if (kind === 'data' && user !== '') {
      const decision = budget?.take(user) ?? { allowed: true, retryAfterSeconds: 0 };
      if (!decision.allowed && budget !== undefined) {
        metrics.request(user, 'over_budget');
        audit.record('over-budget', { user, outcome: 'refused', address: addressOf(facts) });
        return errorResponse(429, RATE_LIMITED, `${ERROR_MESSAGES[RATE_LIMITED]}: more than ${budget.perMinute} requests per minute for user ${user}`, {
          'Retry-After': String(decision.retryAfterSeconds),
        });
      }
      metrics.request(user, 'allowed');
    }
    await next();
    return undefined;
  };

  const secure = (c: Context): boolean => {
    if (auth.cookieSecure !== 'auto') return auth.cookieSecure === 'always';
    if (new URL(c.req.url).protocol === 'https:') return true;
    if (trustProxyHops < 1) return false;
    const proto = c.req.header('x-forwarded-proto')?.split(',').pop()?.trim().toLowerCase();
    return proto === 'https';
  };

  const setCookie = (c: Context, value: string, maxAgeSeconds: number): string => {
    const isSecure = secure(c);
    return `${isSecure ? SECURE_SESSION_COOKIE : SESSION_COOKIE}=${value}; Path=/; HttpOnly; SameSite=Strict; Max-Age=${maxAgeSeconds}${isSecure ? '; Secure' : ''}`;
  };

  /** Form posts from this server's own pages only (login CSRF): Origin, else Sec-Fetch-Site. */
  const sameOrigin = (c: Context): boolean => {
    const origin = c.req.header('origin');
    const site = c.req.header('sec-fetch-site');
    // Referrer-Policy: no-referrer makes browsers send `Origin: null` with a form post; Fetch
    // Metadata (which pages cannot set) then says where the post came from.
    if (origin === 'null') return site === 'same-origin';
    if (origin !== undefined) {
      const host = c.req.header('host');
      try {
        return host !== undefined && new URL(origin).host === host;
      } catch {
        return false;
      }
    }
    return site === undefined || site === 'same-origin' || site === 'none';
  };

  const page = (status: number, html: string, headers: Record<string, string> = {}): Response =>
    new Response(html, { status, headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store', ...headers } });

  function mount(app: Hono): void {
    app.get(ME_PATH, async (c) => {
      if (auth.mode === 'none') return jsonResponse(200, { mode: 'none' }, { 'Cache-Control': 'no-store' });
      const verdict = await orUnavailable(() => identify(factsOf(c)));
      if (verdict instanceof Response) return verdict;
      const signIn =
        auth.mode === 'password'
          ? { signInUrl: SIGN_IN_PATH, signOutUrl: SIGN_OUT_PATH }
          : auth.proxySignOutUrl !== undefined
            ? { signOutUrl: auth.proxySignOutUrl }
            : {};
      return jsonResponse(
        200,
        { mode: auth.mode, ...signIn, ...(verdict.ok ? { user: verdict.identity.user, via: verdict.identity.via } : {}) },
        { 'Cache-Control': 'no-store' },
      );
    });
    if (auth.mode !== 'password') return;
    app.get(SIGN_IN_CSS_PATH, () => new Response(SIGN_IN_CSS, { headers: { 'Content-Type': 'text/css; charset=utf-8', 'Cache-Control': 'no-cache' } }));
    app.get(SIGN_IN_PATH, (c) => {
      const signedOut = c.req.query('signed-out') !== undefined;
      return page(200, signInPage({ next: safeNext(c.req.query('next')), ...(signedOut && { notice: 'You are signed out.' }) }));
    });
    const formLimit = bodyLimit({
      maxSize: MAX_FORM_BYTES,
      onError: () => errorResponse(413, ERROR_CODES.INVALID_PARAMETER, `${ERROR_MESSAGES[ERROR_CODES.INVALID_PARAMETER]}: form too large`),
    });
    app.post(SIGN_IN_PATH, formLimit, async (c) => {
      const facts = factsOf(c);
      const address = addressOf(facts);
      if (!sameOrigin(c)) {
        audit.record('refused', { outcome: 'cross-site-form', address, via: 'sign-in' });
        return errorResponse(403, PERMISSION_DENIED, `${ERROR_MESSAGES[PERMISSION_DENIED]}: sign in from this server's own page`);
      }
      const type = c.req.header('content-type') ?? '';
      if (!type.toLowerCase().startsWith('application/x-www-form-urlencoded'))
        return errorResponse(
          415,
          ERROR_CODES.INVALID_PARAMETER,
          `${ERROR_MESSAGES[ERROR_CODES.INVALID_PARAMETER]}: a form post (application/x-www-form-urlencoded)`,
        );
      const form = new URLSearchParams(await c.req.text());
      const user = (form.get('user') ?? '').trim();
      const password = form.get('password') ?? '';
      const next = safeNext(form.get('next') ?? undefined);
      const known = isUserName(user) ? user : '?';
      refreshUsers();
      const locked = lockout.check(known, address);
      if (locked.retryAfterMs > 0) {
        const seconds = Math.ceil(locked.retryAfterMs / 1000);
        audit.record('sign-in', { user: known, address, outcome: 'locked' });
        metrics.authEvent('sign-in', 'locked');
        return page(429, signInPage({ next, user, notice: `Too many failed sign-ins. Try again in ${seconds} s.`, error: true }), {
          'Retry-After': String(seconds),
        });
      }
      const ok = users !== undefined && known !== '?' && (await users.verify(user, password));
      if (!ok) {
        const wait = lockout.fail(known, address);
        audit.record('sign-in', { user: known, address, outcome: 'wrong-password' });
        metrics.authEvent('sign-in', 'wrong-password');
        const later = wait.retryAfterMs > 0 ? ` Wait ${Math.ceil(wait.retryAfterMs / 1000)} s before the next try.` : '';
        return page(401, signInPage({ next, user, notice: `Wrong user name or password.${later}`, error: true }));
      }
      lockout.succeed(user);
      const id = await orUnavailable(async () => {
        // Rotation: whatever session the browser held ends; the new one has a new id.
        for (const old of cookieValues(c.req.header('cookie'), sessionCookieNames)) await sessions.end(old);
        return sessions.create(user);
      });
      if (id instanceof Response) return id;
      audit.record('sign-in', { user, address, outcome: 'ok' });
      metrics.authEvent('sign-in', 'ok');
      return new Response(null, {
        status: 303,
        headers: { Location: next, 'Set-Cookie': setCookie(c, id, Math.floor(auth.sessionTtlMs / 1000)), 'Cache-Control': 'no-store' },
      });
    });
    app.post(SIGN_OUT_PATH, async (c) => {
      const facts = factsOf(c);
      if (!sameOrigin(c)) return errorResponse(403, PERMISSION_DENIED, `${ERROR_MESSAGES[PERMISSION_DENIED]}: sign out from this server's own pages`);
      // Not "signed out" (503) while the session may still stand.
      const verdict = await orUnavailable(async () => {
        const signedIn = await identify(facts);
        for (const old of cookieValues(c.req.header('cookie'), sessionCookieNames)) await sessions.end(old);
        return signedIn;
      });
      if (verdict instanceof Response) return verdict;
      audit.record('sign-out', { ...(verdict.ok && { user: verdict.identity.user }), address: addressOf(facts), outcome: 'ok' });
      metrics.authEvent('sign-out', 'ok');
      const headers = { 'Set-Cookie': setCookie(c, '', 0), 'Cache-Control': 'no-store' };
      if ((c.req.header('accept') ?? '').includes('application/json')) return jsonResponse(200, { signedOut: true }, headers);
      return new Response(null, { status: 303, headers: { ...headers, Location: `${SIGN_IN_PATH}?signed-out` } });
    });
  }

  async function admitUpgrade(request: IncomingMessage): ReturnType<AccessControl['admitUpgrade']> {
    const facts: RequestFacts = {
      header: (name) => {
        const value = request.headers[name];
        return Array.isArray(value) ? value.join(', ') : value;
      },
      rawHeaders: request.rawHeaders,
      socketAddress: request.socket.remoteAddress,
      target: request.url ?? '',
    };
    let verdict: Verdict;
    try {
      verdict = await identify(facts);
    } catch (error) {
      storeFailed(error);
      return { ok: false, refusal: SESSIONS_UNAVAILABLE };
    }
    if (!verdict.ok) {
      audit.record('refused', { outcome: verdict.refusal.reason, address: addressOf(facts), via: 'upgrade' });
      metrics.authEvent('refused', verdict.refusal.reason);
      return verdict;
    }
    const { identity } = verdict;
    return {
      ok: true,
      admission: {
        user: identity.user,
        watch: (close) => {
          if (identity.sessionId === undefined) return () => undefined;
          return sessions.onEnd(identity.sessionId, close);
        },
      },
    };
  }

  return {
    mode: auth.mode,
    guard,
    mount,
    admitUpgrade,
    metrics,
    sessions,
    userOf: (c) => {
      if (auth.mode === 'none') return LOCAL_USER;
      const user = (c as Context<IdentityEnv>).get(IDENTITY)?.user;
      return user === undefined || user === '' ? undefined : user;
    },
    sameOrigin,
    audit: (event, fields) => {
      audit.record(event, fields);
    },
    close: () => {
      if (sweep !== undefined) clearInterval(sweep);
    },
  };
}
