/**
 * The production server over real sockets, in upstream mode, in front of the standalone simulator
 * (counting every request that reaches it), plus an "other host" listener that must never hear
 * from anyone: the setting of the crafted-request and fuzz suites. Everything binds 127.0.0.1:0.
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import type http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createHttpServer, listen as listenHttp, type FetchHandler, type HttpLimits } from '../http-server.ts';
import { securityHeaderEntries } from '../security-headers.ts';
import { createSimulator, type Simulator } from '../sim/app.ts';
import { mountStaticSite } from '../static-files.ts';
import { close, listen } from './raw-http.ts';

/** Written next to (outside) the static root: no request may ever read it. */
export const SECRET_MARKER = 'CHARTROOM-TEST-SECRET-3f1c';

export interface Stack {
  sim: Simulator;
  /** Port of the Chartroom server. */
  port: number;
  /** Requests that reached the upstream (the simulator), whatever their path. */
  upstreamHits: () => number;
  /** Connections and bytes the other host received. */
  other: { port: number; connections: () => number; bytes: () => number };
  stop: () => Promise<void>;
}

export interface StackOptions {
  /** Extra environment for the Chartroom server (CLIENT_RATE_LIMIT, ALLOWED_HOSTS, ...). */
  env?: (ports: { chartroom: number; other: number }) => Record<string, string>;
  limits: HttpLimits;
}

function startOtherHost(): Promise<{ server: net.Server; port: number; connections: () => number; bytes: () => number }> {
  let connections = 0;
  let bytes = 0;
  const server = net.createServer((socket) => {
    connections += 1;
    socket.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
    });
    socket.on('error', () => undefined);
    socket.destroy();
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      resolve({ server, port, connections: () => connections, bytes: () => bytes });
    });
  });
}

/** A small static root (index.html, one asset) with the secret file beside it. */
export function makeStaticRoot(): { root: string; cleanup: () => void } {
  const base = mkdtempSync(join(tmpdir(), 'chartroom-stack-'));
  const root = join(base, 'dist');
  mkdirSync(join(root, 'assets'), { recursive: true });
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>Chartroom</title><div id="root"></div>');
  writeFileSync(join(root, 'assets', 'app.js'), 'console.log(1);');
  writeFileSync(join(base, 'secret.txt'), SECRET_MARKER);
  const cleanup = (): void => {
    rmSync(base, { recursive: true, force: true });
  };
  return { root, cleanup };
}

export async function startStack(options: StackOptions): Promise<Stack> {
  const sim = createSimulator({ clock: { now: Date.parse('2026-11-25T15:00:00Z'), frozen: true }, limits: { ratePerMinute: 100_000_000 } });
  let hits = 0;
  const upstream = await listen((request, env) => {
    hits += 1;
    return sim.app.fetch(request, env);
  });
  const other = await startOtherHost();
  const site = makeStaticRoot();

  // The app needs the server's own port (ALLOWED_HOSTS), so it is plugged in after listening.
  let handler: FetchHandler = () => new Response(null, { status: 503 });
  const server: http.Server = createHttpServer((request, env) => handler(request, env), options.limits, securityHeaderEntries({ contentSecurityPolicy: true }));
  const { port } = await listenHttp(server, '127.0.0.1', 0);
  const env = {
    MARKET_API_KEY: 'demo-enterprise',
    MARKET_API_BASE_URL: `http://127.0.0.1:${upstream.port}`,
    // The stack's tests count requests reaching the upstream: no shared ticker answers unless asked.
    TICKER_FRESHNESS_MS: '0',
    ...options.env?.({ chartroom: port, other: other.port }),
  };
  const { app } = createApp(loadConfig(env, { port: 0 }), () => undefined, { production: true });
  mountStaticSite(app, site.root);
  handler = (request, bindings) => app.fetch(request, bindings);

  return {
    sim,
    port,
    upstreamHits: () => hits,
    other: { port: other.port, connections: other.connections, bytes: other.bytes },
    stop: async () => {
      server.closeAllConnections();
      await close(server);
      await close(upstream.server);
      await new Promise<void>((resolve) => {
        other.server.close(() => {
          resolve();
        });
      });
      site.cleanup();
    },
  };
}
