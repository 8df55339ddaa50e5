/**
 * Server configuration from the environment and `.env.local` (git-ignored; real environment
 * variables win). The key variable deliberately has no VITE_ prefix, so Vite never bundles it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { list, nonNegativeInteger, originList, positiveInteger, type Environment } from './config-values.ts';
import { hostPolicy, type HostPolicy } from './host-allowlist.ts';
import { authConfigFrom, type AuthConfig } from './auth/config.ts';
import { clockFromEnv } from './sim/http/clock.ts';
import { faultsFromEnv } from './sim/http/faults.ts';
import { simUniverse } from './sim/catalog/universe-setting.ts';
import type { SimulatorOptions } from './sim/app.ts';

export type { Environment } from './config-values.ts';

/** Who may use the server, and how much (see the README's configuration table). */
export interface AccessConfig {
  /** Requests per client per minute on /v1 (CLIENT_RATE_LIMIT); 0 switches the limit off. */
  clientRateLimit: number;
  /** Proxies in front whose X-Forwarded-For entries are believed (TRUST_PROXY); 0 = none. */
  trustProxyHops: number;
  /** Origins allowed to read /v1 cross-origin (CORS_ORIGINS); empty = no CORS. */
  corsOrigins: string[];
  /** Host names the production server answers for (ALLOWED_HOSTS). */
  allowedHosts: HostPolicy;
}

/** Node HTTP server limits of the production server. */
export interface HttpServerConfig {
  /** Time to receive a request's headers (slow-headers defence), SERVER_HEADERS_TIMEOUT_MS. */
  headersTimeoutMs: number;
  /** Time to receive a whole request, SERVER_REQUEST_TIMEOUT_MS (at least headersTimeoutMs). */
  requestTimeoutMs: number;
  /** Idle time before a keep-alive connection is closed, SERVER_KEEP_ALIVE_TIMEOUT_MS. */
  keepAliveTimeoutMs: number;
  /** Bound of request line plus headers; beyond it 431. */
  maxHeaderBytes: number;
  /** How long in-flight requests may finish after SIGTERM, SHUTDOWN_GRACE_MS. */
  shutdownGraceMs: number;
}

export const MAX_HEADER_BYTES = 16 * 1024;

/** `/metrics` and the K-line window cache (issue 6). */
export interface PerformanceConfig {
  /** Bound of the K-line window cache in bytes (KLINE_CACHE_MB, default 32); 0 keeps nothing. */
  klineCacheBytes: number;
  /** METRICS_TOKEN: lets non-loopback clients read /metrics with `Authorization: Bearer <token>`. Never log it. */
  metricsToken?: string;
}

export interface ServerConfig {
  mode: 'upstream' | 'simulator';
  /** Present in upstream mode only. Never log it. */
  apiKey?: string;
  upstreamBaseUrl: string;
  upstreamTimeoutMs: number;
  host: string;
  port: number;
  simulator: SimulatorOptions;
  access: AccessConfig;
  http: HttpServerConfig;
  realtime: RealtimeConfig;
  performance: PerformanceConfig;
  catalog: CatalogConfig;
  sharing: SharingConfig;
  /** Who may spend the key (issue 20, server/auth/config.ts). */
  auth: AuthConfig;
}

/** How the server shares the key's upstream among browsers (issue 16). */
export interface SharingConfig {
  /** MARKET_API_RATE_LIMIT: requests per minute the server never exceeds upstream; undefined: no own budget. */
  rateLimitPerMinute?: number;
  /** TICKER_FRESHNESS_MS (default 1000): how long one upstream ticker answer serves every browser; 0: single flight only. */
  tickerFreshnessMs: number;
  /** TICKER_WINDOW_MS (default 5): how long a window of ticker symbols collects browsers' requests before it is asked. */
  tickerWindowMs: number;
  /**
   * REDIS_URL (redis:// or rediss://): instances sharing it act as one (key budget, short HTTP
   * caches and their single flight, one upstream socket). Unset: everything stays in this process.
   * Never log it (it may carry a password).
   */
  redisUrl?: string;
}

/** The catalogue index behind the search (server/search/). */
export interface CatalogConfig {
  /** How often, at most, the product list's `last_updated` is checked for a rebuild (CATALOG_CHECK_MINUTES). */
  checkIntervalMs: number;
}

/** The `/v1/realtime` relay. */
export interface RealtimeConfig {
  /** The upstream WebSocket endpoint (MARKET_WS_URL); the server's key is added as `api_key`. */
  upstreamUrl: string;
  /** Concurrent realtime sockets per client (REALTIME_MAX_SOCKETS_PER_CLIENT); beyond it 429. */
  maxSocketsPerClient: number;
}

export const DEFAULT_UPSTREAM = 'https://api.tickdb.ai';

/** Parses KEY=VALUE lines (comments, blank lines, optional quotes, optional `export`). */
export function parseDotEnv(text: string): Record<string, string> {
  const values: Record<string, string> = {};
  for (const rawLine of text.split(/\r?\n/)) {
    const line = rawLine.trim();
    if (line === '' || line.startsWith('#')) continue;
    const match = /^(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)$/.exec(line);
    if (!match?.[1]) continue;
    let value = match[2] ?? '';
    const quoted = /^(['"])(.*)\1$/.exec(value);
    value = quoted ? (quoted[2] ?? '') : value.replace(/\s+#.*$/, '');
    values[match[1]] = value;
  }
  return values;
}

/** The process environment over `.env.local` in `cwd`. */
export function readEnvironment(env: Environment = process.env, cwd = process.cwd()): Environment {
  const file = join(cwd, '.env.local');
  const fromFile = existsSync(file) ? parseDotEnv(readFileSync(file, 'utf8')) : {};
  return { ...fromFile, ...Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined)) };
}

/** A TCP port (0 asks the system for a free one). */
export function portNumber(env: Environment, fallback: number): number {
  const raw = env.PORT;
  if (raw === undefined || raw === '') return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new Error(`PORT must be a port number, got ${raw}`);
  return port;
}

/** Simulator options from SIM_* variables (clock, faults, limits). */
export function simulatorOptionsFrom(env: Environment): SimulatorOptions {
  const limits: SimulatorOptions['limits'] = {};
  if (env.SIM_RATE_LIMIT) limits.ratePerMinute = positiveInteger(env, 'SIM_RATE_LIMIT', 1);
  if (env.SIM_QUOTA) limits.monthlyQuota = positiveInteger(env, 'SIM_QUOTA', 1);
  const realtime: SimulatorOptions['realtime'] = {};
  if (env.SIM_MAX_CONNECTIONS_PER_KEY) realtime.maxConnectionsPerKey = positiveInteger(env, 'SIM_MAX_CONNECTIONS_PER_KEY', 10);
  // Checked here so a misspelling stops the start, and passed on when set: .env.local may be where
  // it is, which the catalog's fallback (process.env) does not read.
  const universe = simUniverse(env);
  return { clock: clockFromEnv(env), faults: faultsFromEnv(env), limits, realtime, ...(env.SIM_UNIVERSE && { universe }) };
}

export function loadConfig(env: Environment, defaults: { port: number }): ServerConfig {
  const apiKey = env.MARKET_API_KEY?.trim() ?? '';
  const upstreamBaseUrl = env.MARKET_API_BASE_URL?.trim() ?? DEFAULT_UPSTREAM;
  let parsed: URL;
  try {
    parsed = new URL(upstreamBaseUrl);
  } catch {
    throw new Error(`MARKET_API_BASE_URL is not a URL: ${upstreamBaseUrl}`);
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new Error('MARKET_API_BASE_URL must be http(s)');
  const host = env.HOST?.trim() || '127.0.0.1';
  const access = accessConfigFrom(env);
  return {
    mode: apiKey === '' ? 'simulator' : 'upstream',
    ...(apiKey !== '' && { apiKey }),
    upstreamBaseUrl: upstreamBaseUrl,
    upstreamTimeoutMs: positiveInteger(env, 'MARKET_API_TIMEOUT_MS', 10_000),
    host,
    port: portNumber(env, defaults.port),
    simulator: simulatorOptionsFrom(env),
    access,
    http: httpServerConfigFrom(env),
    realtime: realtimeConfigFrom(env, parsed),
    performance: performanceConfigFrom(env),
    catalog: { checkIntervalMs: positiveInteger(env, 'CATALOG_CHECK_MINUTES', 240) * 60_000 },
    sharing: sharingConfigFrom(env),
    auth: authConfigFrom(env, host, access.trustProxyHops),
  };
}

export function sharingConfigFrom(env: Environment): SharingConfig {
  const rate = nonNegativeInteger(env, 'MARKET_API_RATE_LIMIT', 0);
  const redisUrl = env.REDIS_URL?.trim() ?? '';
  if (redisUrl !== '') {
    let protocol = '';
    try {
      protocol = new URL(redisUrl).protocol;
    } catch {
      protocol = '';
    }
    // The URL may hold a password: the message never repeats it.
    if (protocol !== 'redis:' && protocol !== 'rediss:') throw new Error('REDIS_URL must be a redis:// or rediss:// URL');
  }
  return {
    ...(rate > 0 && { rateLimitPerMinute: rate }),
    tickerFreshnessMs: nonNegativeInteger(env, 'TICKER_FRESHNESS_MS', 1_000),
    tickerWindowMs: nonNegativeInteger(env, 'TICKER_WINDOW_MS', 5),
    ...(redisUrl !== '' && { redisUrl }),
  };
}

export function performanceConfigFrom(env: Environment): PerformanceConfig {
  const token = env.METRICS_TOKEN?.trim() ?? '';
  return {
    klineCacheBytes: nonNegativeInteger(env, 'KLINE_CACHE_MB', 32) * 1024 * 1024,
    ...(token !== '' && { metricsToken: token }),
  };
}

/** `https://host/prefix` → `wss://host/prefix/v1/realtime` (http → ws). */
export function defaultRealtimeUrl(upstreamBase: URL): string {
  const scheme = upstreamBase.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${upstreamBase.host}${upstreamBase.pathname.replace(/\/+$/, '')}/v1/realtime`;
}

export function realtimeConfigFrom(env: Environment, upstreamBase: URL): RealtimeConfig {
  const raw = env.MARKET_WS_URL?.trim();
  let upstreamUrl = defaultRealtimeUrl(upstreamBase);
  if (raw !== undefined && raw !== '') {
    let parsed: URL | undefined;
    try {
      parsed = new URL(raw);
    } catch {
      parsed = undefined;
    }
    // The key goes into the query, so a query, fragment or credentials of our own are refused.
    if (
      !parsed ||
      (parsed.protocol !== 'wss:' && parsed.protocol !== 'ws:') ||
      parsed.search !== '' ||
      parsed.hash !== '' ||
      parsed.username !== '' ||
      parsed.password !== ''
    ) {
      throw new Error(`MARKET_WS_URL must be a ws:// or wss:// URL without query, fragment or credentials, got ${raw}`);
    }
    upstreamUrl = parsed.href;
  }
  return { upstreamUrl, maxSocketsPerClient: positiveInteger(env, 'REALTIME_MAX_SOCKETS_PER_CLIENT', 20) };
}

export function accessConfigFrom(env: Environment): AccessConfig {
  return {
    clientRateLimit: nonNegativeInteger(env, 'CLIENT_RATE_LIMIT', 1200),
    trustProxyHops: nonNegativeInteger(env, 'TRUST_PROXY', 0),
    corsOrigins: originList(env, 'CORS_ORIGINS'),
    allowedHosts: hostPolicy(list(env, 'ALLOWED_HOSTS')),
  };
}

export function httpServerConfigFrom(env: Environment): HttpServerConfig {
  const headersTimeoutMs = positiveInteger(env, 'SERVER_HEADERS_TIMEOUT_MS', 10_000);
  const requestTimeoutMs = positiveInteger(env, 'SERVER_REQUEST_TIMEOUT_MS', Math.max(30_000, headersTimeoutMs));
  if (requestTimeoutMs < headersTimeoutMs) {
    throw new Error('SERVER_REQUEST_TIMEOUT_MS must be at least SERVER_HEADERS_TIMEOUT_MS');
  }
  return {
    headersTimeoutMs,
    requestTimeoutMs,
    keepAliveTimeoutMs: positiveInteger(env, 'SERVER_KEEP_ALIVE_TIMEOUT_MS', 5_000),
    maxHeaderBytes: MAX_HEADER_BYTES,
    shutdownGraceMs: positiveInteger(env, 'SHUTDOWN_GRACE_MS', 10_000),
  };
}

/** The one start-up line naming the mode (never the key). */
export function describeMode(config: ServerConfig): string {
  return config.mode === 'upstream'
    ? `chartroom: live upstream mode, forwarding /v1 to ${new URL(config.upstreamBaseUrl).origin} with the server's API key`
    : 'chartroom: simulator mode (no MARKET_API_KEY): /v1 answered by the built-in market simulator as the Enterprise plan';
}
