/**
 * A Chartroom production assembly (createApp, createHttpServer, the upgrade hand-off, a static
 * root) in upstream mode in front of the standalone simulator, which counts every HTTP request and
 * WebSocket upgrade that reaches it: the setting of the access-control suites. Users and tokens
 * are written to temporary files (bcrypt cost 4: fast, and still the real check).
 */
import { getRequestListener } from '@hono/node-server';
import bcrypt from 'bcryptjs';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Duplex } from 'node:stream';
import type { AppOptions, ChartroomApp } from '../app.ts';
import { isRealtimeTarget } from '../realtime/upgrade-checks.ts';
import { createSimulator } from '../sim/app.ts';
import { acceptRealtimeUpgrade } from '../sim/realtime/ws-adapter.ts';
import { standaloneApp } from '../sim/standalone.ts';
import { makeStaticRoot } from '../test-support/stack.ts';
import { startChartroom } from '../realtime/test-support.ts';
import { mountStaticSite } from '../static-files.ts';
import { sha256Hex } from './credentials.ts';

export const KEY = 'demo-enterprise';

export interface CountingUpstream {
  port: number;
  /** HTTP requests and WebSocket upgrades that reached the upstream. */
  hits(): number;
  stop(): Promise<void>;
}

export async function startCountingUpstream(): Promise<CountingUpstream> {
  const sim = createSimulator({ clock: { now: Date.parse('2026-11-25T15:00:00Z'), frozen: false }, limits: { ratePerMinute: 100_000_000 } });
  const app = standaloneApp(sim);
  const listener = getRequestListener(app.fetch);
  let hits = 0;
  const server = http.createServer((request, response) => {
    hits += 1;
    void listener(request, response);
  });
  server.on('upgrade', (request: http.IncomingMessage, socket: Duplex, head: Buffer) => {
    hits += 1;
    if (isRealtimeTarget(request.url)) acceptRealtimeUpgrade(sim.realtime, request, socket, head);
    else socket.destroy();
  });
  const port = await new Promise<number>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      resolve((server.address() as AddressInfo).port);
    });
  });
  return {
    port,
    hits: () => hits,
    stop: async () => {
      sim.realtime.dropAll();
      sim.realtime.stop();
      server.closeAllConnections();
      await new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
      });
    },
  };
}

export interface Credentials {
  /** user → password (written to the users file as bcrypt hashes). */
  users?: Record<string, string>;
  /** user → token (written to the tokens file as SHA-256). */
  tokens?: Record<string, string>;
}

export interface AuthServer {
  port: number;
  chartroom: ChartroomApp;
  logLines: string[];
  files: { users: string; tokens: string };
  stop(): Promise<void>;
}

export function writeCredentialFiles(credentials: Credentials): { dir: string; users: string; tokens: string } {
  const dir = mkdtempSync(join(tmpdir(), 'chartroom-auth-'));
  const users = join(dir, 'users.htpasswd');
  const tokens = join(dir, 'tokens');
  writeFileSync(
    users,
    Object.entries(credentials.users ?? {})
      .map(([user, password]) => `${user}:${bcrypt.hashSync(password, 4).replace(/^\$2b\$/, '$2y$')}\n`)
      .join(''),
  );
  writeFileSync(
    tokens,
    Object.entries(credentials.tokens ?? {})
      .map(([user, token]) => `${user}:${sha256Hex(token)}\n`)
      .join(''),
  );
  return { dir, users, tokens };
}

export async function startAuthServer(
  upstream: CountingUpstream,
  env: Record<string, string>,
  credentials: Credentials = {},
  options: Pick<AppOptions, 'auth' | 'workspace'> = {},
): Promise<AuthServer> {
  const files = writeCredentialFiles(credentials);
  const site = makeStaticRoot();
  const running = await startChartroom(
    {
      MARKET_API_KEY: KEY,
      MARKET_API_BASE_URL: `http://127.0.0.1:${upstream.port}`,
      MARKET_WS_URL: `ws://127.0.0.1:${upstream.port}/v1/realtime`,
      TICKER_FRESHNESS_MS: '0',
      CLIENT_RATE_LIMIT: '0',
      AUTH_USERS_FILE: files.users,
      ACCESS_TOKENS_FILE: files.tokens,
      ...env,
    },
    options,
    (chartroom) => {
      mountStaticSite(chartroom.app, site.root);
    },
  );
  return {
    ...running,
    files,
    stop: async () => {
      await running.stop();
      site.cleanup();
      rmSync(files.dir, { recursive: true, force: true });
    },
  };
}

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** One request over a fresh connection, the target sent exactly as written. */
export function request(port: number, target: string, options: { method?: string; headers?: http.OutgoingHttpHeaders; body?: string } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      { host: '127.0.0.1', port, path: target, method: options.method ?? 'GET', headers: options.headers ?? {}, agent: false },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString() });
        });
      },
    );
    outgoing.on('error', reject);
    outgoing.end(options.body);
  });
}

/** Signs in with the form; resolves with the answer and the session cookie pair (`name=value`), if set. */
export async function signIn(
  port: number,
  user: string,
  password: string,
  extra: { next?: string; cookie?: string; origin?: string } = {},
): Promise<{ answer: Answer; cookie: string | undefined }> {
  const body = new URLSearchParams({ user, password, next: extra.next ?? '/' }).toString();
  const answer = await request(port, '/auth/sign-in', {
    method: 'POST',
    body,
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      'Content-Length': String(Buffer.byteLength(body)),
      Origin: extra.origin ?? `http://127.0.0.1:${port}`,
      ...(extra.cookie !== undefined && { Cookie: extra.cookie }),
    },
  });
  const setCookie = answer.headers['set-cookie']?.[0];
  return { answer, cookie: setCookie?.split(';')[0] };
}
