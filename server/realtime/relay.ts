/**
 * The `/v1/realtime` WebSocket relay: takes HTTP upgrades (from main.ts or Vite's dev server),
 * checks them like HTTP requests (Host, raw target, Origin, per-client socket cap), and relays each
 * accepted browser socket to the upstream with the server's key, or to the embedded simulator.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { ERROR_CODES, ERROR_MESSAGES } from '#shared/contract.ts';
import { clientAddress, clientKey } from '../client-address.ts';
import type { ServerConfig } from '../config.ts';
import { securityHeaderEntries } from '../security-headers.ts';
import { relayBrowserSocket } from './browser-connection.ts';
import type { BrowserPeerOptions, RelayPeer } from './browser-peer.ts';
import { CLOSE } from './close-codes.ts';
import { ClientSlots } from './client-slots.ts';
import type { DataSourceFactory, DataSourceLink } from './data-source.ts';
import { refuseUpgrade, type UpgradeRefusal } from './handshake-refusal.ts';
import { simulatorSource, type EmbeddedSimulator } from './sim-link.ts';
import { RealtimeStatsRegistry, type RealtimeStats } from './stats.ts';
import { splitTarget, upgradeRefusal, type UpgradePolicy } from './upgrade-checks.ts';
import { feedSession } from './feed/browser-session.ts';
import { SharedFeed, type SharedFeedOptions, type SharedFeedStats } from './feed/shared-feed.ts';
import { connectUpstream } from './upstream-link.ts';
import { ClusterFeed } from '../redis/cluster-feed.ts';
import type { RedisLink } from '../redis/redis-link.ts';

/** Largest frame a browser may send (subscribe requests are small). */
export const BROWSER_MAX_PAYLOAD = 16 * 1024;
/** How long sockets get to finish the close handshake on shutdown before they are cut. */
const CLOSE_GRACE_MS = 2_000;

export interface RealtimeRelay {
  /** Answers an HTTP upgrade request: a relayed WebSocket, or a plain HTTP refusal. */
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void;
  stats: RealtimeStats;
  /** Upstream mode: the shared upstream feed's sockets and subscriptions. */
  feedStats(): SharedFeedStats | undefined;
  /** Upstream mode with REDIS_URL: the one upstream feed of every instance. */
  cluster?: ClusterFeed;
  /**
   * A connection of the server's own (the server's alerts) to the same data source as the
   * browsers': the shared upstream feed, or the embedded simulator. No socket, no slot.
   */
  openInternal(peer: RelayPeer): DataSourceLink;
  /**
   * Closes every relayed socket (1001 "server going away" by default) and refuses new ones;
   * resolves once all are closed (sockets slow to answer are cut after a short grace).
   */
  close(code?: number, reason?: string): Promise<void>;
}

export interface RealtimeRelayOptions {
  config: Pick<ServerConfig, 'mode' | 'apiKey' | 'access' | 'realtime'>;
  /** Simulator mode: the embedded simulator answers instead of the upstream. */
  simulator?: EmbeddedSimulator;
  /** Refusals carry the production security headers (Content-Security-Policy). */
  production?: boolean;
  /** One line per finished connection and per upstream failure; never the key. */
  log?: (line: string) => void;
  /** Tuning of the shared upstream feed (tests shorten its timers). */
  feed?: Omit<SharedFeedOptions, 'open' | 'log'>;
  /** Per-browser send queue bounds. */
  browser?: BrowserPeerOptions;
  /**
   * Who may open a socket (AUTH_MODE, server/auth/): checked after the handshake checks (it may
   * wait on the sessions' database); an admitted socket is closed (1008) when the session behind
   * it ends.
   */
  admit?: (request: IncomingMessage) => Promise<{ ok: true; admission: { watch: (close: () => void) => () => void } } | { ok: false; refusal: UpgradeRefusal }>;
  /** REDIS_URL: one upstream socket for every instance sharing this Redis (upstream mode). */
  redis?: RedisLink;
  /** Tuning of the cluster's leader lock (tests shorten it). */
  cluster?: { leaderTtlMs?: number; pollMs?: number };
}

const refusals = {
  tooMany: (limit: number): UpgradeRefusal => ({
    status: 429,
    code: ERROR_CODES.CONNECTION_LIMIT,
    message: `${ERROR_MESSAGES[ERROR_CODES.CONNECTION_LIMIT]}: more than ${limit} realtime connections from this client`,
    headers: [['Retry-After', '1']],
  }),
  stopping: {
    status: 503,
    code: ERROR_CODES.SERVICE_UNAVAILABLE,
    message: `${ERROR_MESSAGES[ERROR_CODES.SERVICE_UNAVAILABLE]}: server shutting down`,
  } satisfies UpgradeRefusal,
  admitFailed: {
    status: 503,
    code: ERROR_CODES.SERVICE_UNAVAILABLE,
    message: `${ERROR_MESSAGES[ERROR_CODES.SERVICE_UNAVAILABLE]}: the sign-in check failed; try again shortly`,
    headers: [['Retry-After', '5']],
  } satisfies UpgradeRefusal,
};

function dataSource(options: RealtimeRelayOptions, log: (line: string) => void): { open: DataSourceFactory; feed?: SharedFeed; cluster?: ClusterFeed } {
  const { config, simulator } = options;
  if (config.mode === 'upstream' && config.apiKey !== undefined) {
    const { apiKey } = config;
    const openUpstream: SharedFeedOptions['open'] = (peer) => connectUpstream(peer, { url: config.realtime.upstreamUrl, apiKey, log });
    if (options.redis) {
      // Every instance's feed takes the cluster for its upstream; one instance holds the real socket.
      const cluster = new ClusterFeed({ link: options.redis, openUpstream, log, ...(options.feed && { feed: options.feed }), ...options.cluster });
      const feed = new SharedFeed({ ...options.feed, log, open: (peer) => cluster.open(peer) });
      return { open: (peer) => feedSession(feed, peer), feed, cluster };
    }
    // Every browser shares one upstream socket (more only past the upstream's subscription limit).
    const feed = new SharedFeed({ dropSilentUpstream: true, ...options.feed, log, open: openUpstream });
    return { open: (peer) => feedSession(feed, peer), feed };
  }
  if (simulator) return { open: simulatorSource(simulator) };
  throw new Error('createRealtimeRelay: simulator mode needs the embedded simulator');
}

function forwardedFor(request: IncomingMessage): string | undefined {
  const value = request.headers['x-forwarded-for'];
  return Array.isArray(value) ? value.join(', ') : value;
}

/** The browser asked for a turn's frames as one array (`/v1/realtime?batch=1`: our app does; a bare TickDB client does not). */
function readsArrays(target: string | undefined): boolean {
  return target !== undefined && new URLSearchParams(splitTarget(target).query).get('batch') === '1';
}

export function createRealtimeRelay(options: RealtimeRelayOptions): RealtimeRelay {
  const { config } = options;
  const log = options.log ?? (() => undefined);
  const safeLog = (line: string): void => {
    try {
      log(line);
    } catch {
      // A failing logger must not break a connection.
    }
  };
  const { open, feed, cluster } = dataSource(options, safeLog);
  const stats = new RealtimeStatsRegistry();
  const slots = new ClientSlots(config.realtime.maxSocketsPerClient);
  // The Host allowlist applies in dev too: Vite checks hosts for its own requests, not for
  // upgrades handed to us, and DNS rebinding would otherwise reach the server's key.
  const policy: UpgradePolicy = { hosts: config.access.allowedHosts, origins: new Set(config.access.corsOrigins) };
  const headers = securityHeaderEntries({ contentSecurityPolicy: options.production ?? false });
  // No permessage-deflate: ws then writes each frame of its own at once, so the fan-out may write
  // pushes as whole frames to the same TCP socket beside it (browser-peer.ts, CorkableTransport).
  const server = new WebSocketServer({ noServer: true, maxPayload: BROWSER_MAX_PAYLOAD, clientTracking: false, perMessageDeflate: false });
  const sockets = new Set<WebSocket>();
  const closeWaiters = new Set<() => void>();
  let stopping = false;

  const accept = (request: IncomingMessage, socket: Duplex, head: Buffer, address: string | undefined, watch?: (close: () => void) => () => void): void => {
    server.handleUpgrade(request, socket, head, (browser) => {
      const started = performance.now();
      sockets.add(browser);
      const unwatch = watch?.(() => {
        browser.close(CLOSE.POLICY_VIOLATION, 'session ended: sign in again');
      });
      relayBrowserSocket(
        browser,
        stats.connect(),
        open,
        address,
        readsArrays(request.url) ? { ...options.browser, batchFrames: true } : options.browser,
        (code) => {
          unwatch?.();
          sockets.delete(browser);
          safeLog(`WS /v1/realtime ${code} ${Math.round(performance.now() - started)}ms`);
          if (sockets.size === 0) for (const waiter of closeWaiters) waiter();
        },
        socket,
      );
    });
  };

  /** An upgrade past the handshake checks and admitted: takes a per-client slot, then the socket. */
  const admitted = (request: IncomingMessage, socket: Duplex, head: Buffer, watch?: (close: () => void) => () => void): void => {
    const address = clientAddress({ socket: request.socket.remoteAddress, forwardedFor: forwardedFor(request) }, config.access.trustProxyHops);
    const client = clientKey(address);
    if (!slots.take(client)) {
      refuseUpgrade(socket, refusals.tooMany(slots.perClient), headers);
      return;
    }
    // The slot is held for as long as the TCP connection lives, handshake or not.
    socket.once('close', () => {
      slots.release(client);
    });
    accept(request, socket, head, address, watch);
  };

  return {
    stats,
    feedStats: () => feed?.stats(),
    openInternal: (peer) => open(peer, undefined),
    ...(cluster && { cluster }),
    handleUpgrade: (request, socket, head) => {
      if (socket.destroyed) return;
      const refusal = stopping ? refusals.stopping : upgradeRefusal(request, policy);
      if (refusal) {
        refuseUpgrade(socket, refusal, headers);
        return;
      }
      const { admit } = options;
      if (admit === undefined) {
        admitted(request, socket, head);
        return;
      }
      // The check may wait on a database: meanwhile the browser may go, and a socket error nobody
      // hears would end the process. Unread bytes stay in the paused socket; `head` is kept here.
      const ignore = (): void => undefined;
      socket.on('error', ignore);
      const decided = (verdict: Awaited<ReturnType<typeof admit>> | undefined): void => {
        // A socket gone meanwhile keeps the listener: its error may still be on its way.
        if (socket.destroyed) return;
        socket.off('error', ignore);
        if (stopping) refuseUpgrade(socket, refusals.stopping, headers);
        else if (verdict === undefined) refuseUpgrade(socket, refusals.admitFailed, headers);
        else if (!verdict.ok) refuseUpgrade(socket, verdict.refusal, headers);
        else admitted(request, socket, head, verdict.admission.watch);
      };
      admit(request)
        .then(decided, () => {
          decided(undefined);
        })
        .catch(() => {
          // Whatever went wrong taking the socket on, the connection goes, the process stays.
          socket.destroy();
        });
    },
    close: (code = CLOSE.GOING_AWAY, reason = 'server going away') => {
      stopping = true;
      feed?.close();
      const clusterClosed = cluster?.close() ?? Promise.resolve();
      if (sockets.size === 0) return clusterClosed;
      const browsersClosed = new Promise<void>((resolve) => {
        const done = (): void => {
          clearTimeout(cut);
          closeWaiters.delete(done);
          resolve();
        };
        closeWaiters.add(done);
        const cut = setTimeout(() => {
          for (const browser of sockets) browser.terminate();
        }, CLOSE_GRACE_MS);
        for (const browser of sockets) browser.close(code, reason);
      });
      return Promise.all([clusterClosed, browsersClosed]).then(() => undefined);
    },
  };
}
