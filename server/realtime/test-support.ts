/**
 * Test helpers for the relay over real loopback sockets: a browser-like ws client that records
 * what it receives, a handshake probe that reads refusals, and a scriptable fake upstream.
 */
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { getRequestListener } from '@hono/node-server';
import WebSocket, { WebSocketServer } from 'ws';
import { createApp, type AppOptions, type ChartroomApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createHttpServer, listen } from '../http-server.ts';
import { securityHeaderEntries } from '../security-headers.ts';
import { createSimulator, type Simulator, type SimulatorOptions } from '../sim/app.ts';
import { acceptRealtimeUpgrade } from '../sim/realtime/ws-adapter.ts';
import { standaloneApp } from '../sim/standalone.ts';
import { frameText } from './data-source.ts';
import { createRealtimeRelay, type RealtimeRelay, type RealtimeRelayOptions } from './relay.ts';
import { isRealtimeTarget } from './upgrade-checks.ts';

export interface Closed {
  code: number;
  reason: string;
}

export interface BrowserClient {
  socket: WebSocket;
  /** Text frames received so far. */
  received: string[];
  /** Resolves with the first received frame (from now on, or already received) matching `test`. */
  next(test?: (text: string) => boolean, timeoutMs?: number): Promise<string>;
  opened: Promise<void>;
  closed: Promise<Closed>;
}

function within<T>(promise: Promise<T>, timeoutMs: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reject(new Error(`no ${what} within ${timeoutMs} ms`));
    }, timeoutMs);
  });
  return Promise.race([promise, timeout]).finally(() => {
    clearTimeout(timer);
  });
}

/** A ws client on `ws://127.0.0.1:<port><path>`. */
export function connectBrowser(port: number, path = '/v1/realtime', headers: Record<string, string> = {}): BrowserClient {
  const socket = new WebSocket(`ws://127.0.0.1:${port}${path}`, { headers, perMessageDeflate: false });
  const received: string[] = [];
  const waiters = new Set<() => void>();
  socket.on('message', (data, isBinary) => {
    if (isBinary) return;
    received.push(frameText(data));
    for (const waiter of [...waiters]) waiter();
  });
  socket.on('error', () => undefined);
  const opened = new Promise<void>((resolve, reject) => {
    socket.once('open', () => {
      resolve();
    });
    socket.once('close', () => {
      reject(new Error('closed before opening'));
    });
  });
  opened.catch(() => undefined);
  const closed = new Promise<Closed>((resolve) => {
    socket.once('close', (code, reason) => {
      resolve({ code, reason: reason.toString() });
    });
  });
  const next = (test: (text: string) => boolean = () => true, timeoutMs = 5_000): Promise<string> => {
    let seen = 0;
    const found = new Promise<string>((resolve) => {
      const check = (): void => {
        for (; seen < received.length; seen += 1) {
          const text = received[seen] ?? '';
          if (test(text)) {
            waiters.delete(check);
            resolve(text);
            return;
          }
        }
      };
      waiters.add(check);
      check();
    });
    return within(found, timeoutMs, 'matching frame');
  };
  return { socket, received, next, opened, closed: within(closed, 15_000, 'close') };
}

/** The HTTP status and body of a refused handshake (or 101 when it was accepted). */
export function handshakeStatus(port: number, path = '/v1/realtime', headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`ws://127.0.0.1:${port}${path}`, { headers });
    socket.on('unexpected-response', (_request, response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString() });
      });
    });
    socket.on('open', () => {
      socket.close();
      resolve({ status: 101, body: '' });
    });
    socket.on('error', reject);
  });
}

export interface FakeUpstream {
  port: number;
  /** Request targets of every handshake received. */
  targets: string[];
  /** Server-side sockets, in order of connection. */
  sockets: WebSocket[];
  /** Frames received from the relay. */
  received: string[];
  /** How the next handshakes are answered. */
  mode: { refuseWith?: number; delayMs?: number; echo: boolean };
  /** Runs as each socket is accepted, before any frame of it is read. */
  onConnection?: (ws: WebSocket, index: number) => void;
  open(): number;
  stop(): Promise<void>;
}

/** A WebSocket upstream on a free loopback port; echoes text frames unless told otherwise. */
export async function startFakeUpstream(): Promise<FakeUpstream> {
  const wss = new WebSocketServer({ noServer: true });
  const server = http.createServer((_request, response) => {
    response.writeHead(426).end();
  });
  const upstream: FakeUpstream = {
    port: 0,
    targets: [],
    sockets: [],
    received: [],
    mode: { echo: true },
    open: () => upstream.sockets.filter((socket) => socket.readyState === WebSocket.OPEN).length,
    stop: () =>
      new Promise((resolve) => {
        for (const socket of upstream.sockets) socket.terminate();
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      }),
  };
  server.on('upgrade', (request: http.IncomingMessage, socket, head: Buffer) => {
    upstream.targets.push(request.url ?? '');
    const { refuseWith, delayMs } = upstream.mode;
    if (refuseWith !== undefined) {
      socket.end(`HTTP/1.1 ${refuseWith} Refused\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
      return;
    }
    setTimeout(() => {
      wss.handleUpgrade(request, socket, head, (ws) => {
        upstream.sockets.push(ws);
        upstream.onConnection?.(ws, upstream.sockets.length - 1);
        ws.on('message', (data, isBinary) => {
          const text = frameText(data);
          upstream.received.push(text);
          if (upstream.mode.echo && !isBinary) ws.send(text);
        });
      });
    }, delayMs ?? 0);
  });
  await new Promise<void>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      resolve();
    });
  });
  upstream.port = (server.address() as AddressInfo).port;
  return upstream;
}

/** Resolves once `condition` holds (polled), or rejects after `timeoutMs`. */
export async function eventually(condition: () => boolean, timeoutMs = 5_000, what = 'condition'): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!condition()) {
    if (performance.now() > deadline) throw new Error(`${what} not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

export interface RelayServer {
  port: number;
  relay: RealtimeRelay;
  stop(): Promise<void>;
}

/** The relay alone on an HTTP server (every HTTP request 404), on a free loopback port. */
export async function startRelayServer(options: RealtimeRelayOptions): Promise<RelayServer> {
  const relay = createRealtimeRelay(options);
  const server = http.createServer((_request, response) => {
    response.writeHead(404).end();
  });
  server.on('upgrade', (request: http.IncomingMessage, socket: Duplex, head: Buffer) => {
    relay.handleUpgrade(request, socket, head);
  });
  await new Promise<void>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      resolve();
    });
  });
  return {
    port: (server.address() as AddressInfo).port,
    relay,
    stop: async () => {
      await relay.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
      });
    },
  };
}

/** A WebSocket handshake with the target sent byte for byte (ws clients normalise URLs); the status. */
export function rawHandshakeStatus(port: number, target: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    let answer = '';
    socket.on('data', (chunk: Buffer) => {
      answer += chunk.toString('latin1');
      const status = /^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1];
      if (status !== undefined) {
        socket.destroy();
        resolve(Number(status));
      }
    });
    socket.on('error', reject);
    const lines = [
      `GET ${target} HTTP/1.1`,
      `Host: 127.0.0.1:${port}`,
      'Connection: Upgrade',
      'Upgrade: websocket',
      'Sec-WebSocket-Version: 13',
      'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==',
      ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    ];
    socket.write(`${lines.join('\r\n')}\r\n\r\n`);
  });
}

export interface RunningChartroom {
  port: number;
  chartroom: ChartroomApp;
  /** Every line the server logged. */
  logLines: string[];
  stop(): Promise<void>;
}

/**
 * The production assembly of main.ts (createApp, createHttpServer, the upgrade hand-off) on a free
 * port; `mount` adds routes before it listens (the static site, as main.ts mounts it).
 */
export async function startChartroom(
  env: Record<string, string>,
  options: AppOptions = {},
  mount?: (chartroom: ChartroomApp) => void,
): Promise<RunningChartroom> {
  const logLines: string[] = [];
  const config = loadConfig(env, { port: 0 });
  const chartroom = createApp(config, (line) => logLines.push(line), { production: true, ...options });
  mount?.(chartroom);
  const server = createHttpServer(chartroom.app.fetch, config.http, securityHeaderEntries({ contentSecurityPolicy: true }));
  server.on('upgrade', (request: http.IncomingMessage, socket: Duplex, head: Buffer) => {
    chartroom.realtime.handleUpgrade(request, socket, head);
  });
  const { port } = await listen(server, '127.0.0.1', 0);
  return {
    port,
    chartroom,
    logLines,
    stop: async () => {
      chartroom.alerts?.stop();
      chartroom.screener.stop();
      await chartroom.realtime.close();
      chartroom.accessControl.close();
      await chartroom.redis?.close();
      chartroom.simulator?.realtime.stop();
      server.closeAllConnections();
      await new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
      });
    },
  };
}

export interface StandaloneSimulator {
  sim: Simulator;
  port: number;
  stop(): Promise<void>;
}

/** What `npm run sim` serves: the simulator demanding keys, `/v1/realtime` included, on a free port. */
export async function startStandaloneSimulator(options: SimulatorOptions = {}): Promise<StandaloneSimulator> {
  const sim = createSimulator({ clock: { now: Date.parse('2026-11-25T15:00:00Z'), frozen: false }, ...options });
  const app = standaloneApp(sim);
  const server = http.createServer((request, response) => {
    void getRequestListener(app.fetch)(request, response);
  });
  server.on('upgrade', (request: http.IncomingMessage, socket: Duplex, head: Buffer) => {
    if (isRealtimeTarget(request.url)) acceptRealtimeUpgrade(sim.realtime, request, socket, head);
    else socket.destroy();
  });
  const { port } = await listen(server, '127.0.0.1', 0);
  return {
    sim,
    port,
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

/** A browser that completes the handshake on a raw socket and then stops reading (a slow consumer). */
export function stalledBrowser(port: number): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.on('error', () => undefined);
    socket.once('data', (chunk: Buffer) => {
      if (!chunk.toString('latin1').startsWith('HTTP/1.1 101')) {
        reject(new Error('handshake refused'));
        return;
      }
      socket.pause();
      resolve(socket);
    });
    socket.write(
      [
        'GET /v1/realtime HTTP/1.1',
        `Host: 127.0.0.1:${port}`,
        'Connection: Upgrade',
        'Upgrade: websocket',
        'Sec-WebSocket-Version: 13',
        'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==',
        '',
        '',
      ].join('\r\n'),
    );
  });
}

/**
 * Pushes `count` large AAPL.US depth frames in rounds the fast browsers have read before the next
 * is pushed: a fast browser starved of CPU by the suite beside it never falls a whole queue behind,
 * while a stalled one, which reads nothing, piles everything up until its queue overflows.
 */
export async function pushInReadRounds(upstream: Pick<ProtocolUpstream, 'push'>, fast: readonly BrowserClient[], count: number, round = 20): Promise<void> {
  const pad = 'x'.repeat(32 * 1024);
  for (let from = 0; from < count; from += round) {
    for (let i = from; i < from + round; i += 1) upstream.push('depth', { symbol: 'AAPL.US', i, pad });
    const last = from + round - 1;
    for (const client of fast) await client.next((text) => text.includes(`"i":${String(last)},`), 20_000);
  }
}

/** Subscriptions a protocol fake upstream holds per socket. */
export interface ProtocolUpstream extends FakeUpstream {
  /** Commands received, parsed, with the index of the socket they came on. */
  commands: { socket: number; cmd: string; channel?: string; symbols?: string[]; type?: string }[];
  /** Per socket, per channel, the symbols held (as subscribed), of any type. */
  held: Map<string, Set<string>>[];
  /** Per socket, per `channel|symbol`, the types held ('' for a subscribe without one): the upstream keys by instrument. */
  heldTypes: Map<string, Set<string>>[];
  /** Subscriptions one socket may hold; beyond it 3004. */
  limit: number;
  /** Channels refused with 4003/4004 at subscribe. */
  refuse: Set<string>;
  /** Sends a push on every socket that holds `symbol` on `channel`. */
  push(channel: string, data: Record<string, unknown>): void;
  /** Answers nothing while on (no acks, pongs or pushes), its sockets left open: a network gone silent. */
  silent: boolean;
}

/** A fake upstream that speaks the protocol: acks subscribe/unsubscribe, answers ping, refuses on demand. */
export async function startProtocolUpstream(): Promise<ProtocolUpstream> {
  const base = await startFakeUpstream();
  base.mode = { echo: false };
  const upstream = base as ProtocolUpstream;
  upstream.commands = [];
  upstream.held = [];
  upstream.heldTypes = [];
  upstream.limit = 1_000;
  upstream.refuse = new Set();
  upstream.silent = false;
  const wire = (ws: WebSocket, index: number): void => {
    const held = new Map<string, Set<string>>();
    const heldTypes = new Map<string, Set<string>>();
    upstream.held[index] = held;
    upstream.heldTypes[index] = heldTypes;
    ws.on('message', (data) => {
      const message = JSON.parse(frameText(data)) as { cmd: string; data?: { channel: string; symbols: string[]; type?: string } };
      const { cmd } = message;
      const type = message.data?.type;
      upstream.commands.push({ socket: index, cmd, channel: message.data?.channel, symbols: message.data?.symbols, ...(type !== undefined && { type }) });
      if (upstream.silent) return;
      if (cmd === 'ping') {
        ws.send(JSON.stringify({ cmd: 'pong', code: 0, message: 'pong', data: { timestamp: 1 } }));
        return;
      }
      const { channel, symbols } = message.data ?? { channel: '', symbols: [] };
      const set = held.get(channel) ?? new Set<string>();
      held.set(channel, set);
      if (cmd === 'unsubscribe') {
        for (const symbol of symbols) {
          const types = heldTypes.get(`${channel}|${symbol}`);
          // Without a type, every type of the symbol goes.
          if (type === undefined) types?.clear();
          else types?.delete(type);
          if (!types || types.size === 0) set.delete(symbol);
        }
        ws.send(JSON.stringify({ cmd, code: 0, message: 'success', data: { channel, symbols } }));
        return;
      }
      if (upstream.refuse.has(channel)) {
        const code = channel === 'depth' ? 4003 : 4004;
        ws.send(JSON.stringify({ cmd, code, message: 'refused', data: { channel, symbols, suggestion: 'Use HTTP' } }));
        return;
      }
      const total = [...held.values()].reduce((sum, symbolsHeld) => sum + symbolsHeld.size, 0);
      if (total + symbols.length > upstream.limit) {
        ws.send(JSON.stringify({ cmd, code: 3004, message: 'Subscription limit exceeded', data: { channel, symbols, limit: upstream.limit } }));
        return;
      }
      for (const symbol of symbols) {
        set.add(symbol);
        const types = heldTypes.get(`${channel}|${symbol}`) ?? new Set<string>();
        types.add(type ?? '');
        heldTypes.set(`${channel}|${symbol}`, types);
      }
      ws.send(JSON.stringify({ cmd, code: 0, message: 'success', data: { channel, symbols } }));
    });
  };
  upstream.onConnection = wire;
  upstream.push = (channel, data) => {
    if (upstream.silent) return;
    upstream.sockets.forEach((ws, index) => {
      const symbol = String(data.symbol);
      const types = upstream.heldTypes[index]?.get(`${channel}|${symbol}`);
      const ofType = typeof data.type !== 'string' || types?.has('') === true || types?.has(data.type) === true;
      if (ws.readyState === WebSocket.OPEN && upstream.held[index]?.get(channel)?.has(symbol) && ofType) ws.send(JSON.stringify({ cmd: channel, data }));
    });
  };
  return upstream;
}

/** A masked client text frame, for raw-socket browsers. */
export function clientTextFrame(text: string): Buffer {
  const payload = Buffer.from(text);
  const mask = Buffer.from([1, 2, 3, 4]);
  const length = payload.length;
  const header = length < 126 ? Buffer.from([0x81, 0x80 | length]) : Buffer.from([0x81, 0x80 | 126, length >> 8, length & 0xff]);
  const masked = Buffer.from(payload.map((byte, i) => byte ^ (mask[i % 4] ?? 0)));
  return Buffer.concat([header, mask, masked]);
}
