/**
 * Who may spend the key (issue 20): AUTH_MODE and its settings, read from the environment.
 *
 * - `none`: anyone who reaches the server (the default, on a loopback bind only);
 * - `proxy`: a sign-in proxy in front names the user in a header, believed only from the proxy's
 *   own addresses (AUTH_PROXY_ADDRESSES) and only with TRUST_PROXY ≥ 1;
 * - `password`: the server's own sign-in page, users from an htpasswd-style file of bcrypt hashes.
 *
 * Bearer tokens from ACCESS_TOKENS_FILE work in both `proxy` and `password` modes.
 */
import { isIP } from 'node:net';
import { list, nonNegativeInteger, positiveInteger, type Environment } from '../config-values.ts';

export type AuthMode = 'none' | 'proxy' | 'password';

export interface AuthConfig {
  mode: AuthMode;
  /** AUTH_MODE was given (not defaulted). */
  explicit: boolean;
  /** Proxy mode: the header naming the user (AUTH_USER_HEADER, lower-case). */
  userHeader: string;
  /** Proxy mode: socket addresses of the proxy nearest the server (AUTH_PROXY_ADDRESSES). */
  proxyAddresses: readonly string[];
  /** Proxy mode: where the dashboard's sign-out button goes (AUTH_PROXY_SIGN_OUT_URL, e.g. /oauth2/sign_out). */
  proxySignOutUrl?: string;
  /** Password mode: the htpasswd-style users file (AUTH_USERS_FILE). */
  usersFile?: string;
  /** Bearer tokens, `user:sha256hex` lines (ACCESS_TOKENS_FILE). */
  tokensFile?: string;
  /** Absolute session lifetime (SESSION_TTL_MINUTES, default 720). */
  sessionTtlMs: number;
  /** Sessions end after this long unused (SESSION_IDLE_MINUTES, default 120). */
  sessionIdleMs: number;
  /** The session cookie's Secure flag: `auto` sets it when the request came over HTTPS (SESSION_COOKIE_SECURE). */
  cookieSecure: 'auto' | 'always' | 'never';
  /** Static files (the page) need sign-in too (AUTH_STATIC=signed-in); default: the page loads, data needs sign-in. */
  protectStatic: boolean;
  /** The first lockout's length; each further failure doubles it (AUTH_LOCKOUT_BASE_SECONDS, default 1). */
  lockoutBaseMs: number;
  /** Requests per user per minute on /v1 (USER_RATE_LIMIT, or USER_SHARE × MARKET_API_RATE_LIMIT); 0: no per-user budget. */
  userRateLimit: number;
}

const MODES: readonly AuthMode[] = ['none', 'proxy', 'password'];

/** 127.0.0.0/8, ::1, localhost: a bind only this machine reaches. */
export function isLoopbackHost(host: string): boolean {
  const bare = host
    .trim()
    .replace(/^\[|\]$/g, '')
    .toLowerCase();
  if (bare === 'localhost' || bare.endsWith('.localhost')) return true;
  if (isIP(bare) === 4) return bare.startsWith('127.');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(bare)?.[1];
  if (mapped !== undefined) return mapped.startsWith('127.');
  return bare === '::1' || /^0*:(0*:){0,6}0*1$/.test(bare);
}

/** USER_SHARE: a fraction in (0, 1]. */
function share(env: Environment): number {
  const raw = env.USER_SHARE?.trim();
  if (raw === undefined || raw === '') return 0.5;
  const value = Number(raw);
  if (!/^(0?\.\d+|1(\.0*)?)$/.test(raw) || !(value > 0 && value <= 1)) throw new Error(`USER_SHARE must be a fraction in (0, 1], got ${raw}`);
  return value;
}

function userRateLimit(env: Environment): number {
  if (env.USER_RATE_LIMIT?.trim()) return nonNegativeInteger(env, 'USER_RATE_LIMIT', 0);
  const key = nonNegativeInteger(env, 'MARKET_API_RATE_LIMIT', 0);
  return key > 0 ? Math.max(1, Math.floor(key * share(env))) : 0;
}

/**
 * The auth settings; throws (with a message saying why and what to set) when the server would
 * otherwise answer a network without any sign-in by accident, or a mode lacks what it needs.
 */
export function authConfigFrom(env: Environment, host: string, trustProxyHops: number): AuthConfig {
  const raw = env.AUTH_MODE?.trim().toLowerCase() ?? '';
  if (raw !== '' && !MODES.includes(raw as AuthMode)) throw new Error(`AUTH_MODE must be none, proxy or password, got ${raw}`);
  const explicit = raw !== '';
  const mode = explicit ? (raw as AuthMode) : 'none';
  if (!explicit && !isLoopbackHost(host)) {
    throw new Error(
      `HOST=${host} is reachable from other machines, and whoever reaches this server spends its market-data key. ` +
        'Set AUTH_MODE=proxy (behind a sign-in proxy) or AUTH_MODE=password (built-in sign-in), ' +
        'or AUTH_MODE=none to serve everyone who can reach it on purpose.',
    );
  }
  const secure = env.SESSION_COOKIE_SECURE?.trim().toLowerCase() || 'auto';
  if (secure !== 'auto' && secure !== 'always' && secure !== 'never') throw new Error(`SESSION_COOKIE_SECURE must be auto, always or never, got ${secure}`);
  const staticRule = env.AUTH_STATIC?.trim().toLowerCase() || 'public';
  if (staticRule !== 'public' && staticRule !== 'signed-in') throw new Error(`AUTH_STATIC must be public or signed-in, got ${staticRule}`);
  const usersFile = env.AUTH_USERS_FILE?.trim();
  const proxySignOutUrl = env.AUTH_PROXY_SIGN_OUT_URL?.trim();
  if (proxySignOutUrl && !/^(\/(?![/\\])|https:\/\/)[\x21-\x7e]*$/.test(proxySignOutUrl))
    throw new Error(`AUTH_PROXY_SIGN_OUT_URL must be a path on this server or an https:// URL, got ${proxySignOutUrl}`);
  const tokensFile = env.ACCESS_TOKENS_FILE?.trim();
  const proxyAddresses = list(env, 'AUTH_PROXY_ADDRESSES');
  for (const address of proxyAddresses) if (isIP(address) === 0) throw new Error(`AUTH_PROXY_ADDRESSES: ${address} is not an IP address`);
  if (mode === 'proxy' && trustProxyHops < 1) {
    throw new Error('AUTH_MODE=proxy needs TRUST_PROXY=1 (or the number of proxies in front): the user header is believed only from a trusted proxy');
  }
  if (mode === 'password' && !usersFile) throw new Error('AUTH_MODE=password needs AUTH_USERS_FILE (an htpasswd-style file of bcrypt hashes)');
  return {
    mode,
    explicit,
    userHeader: (env.AUTH_USER_HEADER?.trim() || 'X-Forwarded-Email').toLowerCase(),
    proxyAddresses: proxyAddresses.length > 0 ? proxyAddresses : ['127.0.0.1', '::1'],
    ...(usersFile && { usersFile }),
    ...(proxySignOutUrl && { proxySignOutUrl }),
    ...(tokensFile && { tokensFile }),
    sessionTtlMs: positiveInteger(env, 'SESSION_TTL_MINUTES', 720) * 60_000,
    sessionIdleMs: positiveInteger(env, 'SESSION_IDLE_MINUTES', 120) * 60_000,
    cookieSecure: secure,
    protectStatic: staticRule === 'signed-in',
    lockoutBaseMs: positiveInteger(env, 'AUTH_LOCKOUT_BASE_SECONDS', 1) * 1_000,
    userRateLimit: mode === 'none' ? 0 : userRateLimit(env),
  };
}
