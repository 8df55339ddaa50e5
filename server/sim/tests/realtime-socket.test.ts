/**
 * The realtime service over a real socket, served as `npm run sim` serves it (node server,
 * serveRealtimeUpgrades → acceptRealtimeUpgrade), with the `/__sim/realtime` controls over HTTP.
 */
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createSimulator, type Simulator } from '../app.ts';
import { serveRealtimeUpgrades } from '../realtime/ws-adapter.ts';
import type { Frame } from './realtime-support.ts';

let sim: Simulator;
let server: Server;
let base: string;

beforeAll(async () => {
  sim = createSimulator({ clock: { now: Date.parse('2026-11-25T15:00:00Z'), frozen: true } });
  server = await new Promise<Server>((resolve) => {
    const started = serve({ fetch: sim.app.fetch, hostname: '127.0.0.1', port: 0 }, () => {
      resolve(started);
    }) as Server;
  });
  serveRealtimeUpgrades(server, sim.realtime);
  base = `127.0.0.1:${String((server.address() as AddressInfo).port)}`;
});

afterAll(async () => {
  sim.realtime.dropAll();
  sim.realtime.stop();
  await new Promise<void>((resolve) => {
    server.close(() => {
      resolve();
    });
  });
});

/** A ws client that queues every frame and its close. */
class Client {
  readonly socket: WebSocket;
  private readonly frames: Frame[] = [];
  private waiting: (() => void) | undefined;
  readonly closed: Promise<{ code: number; reason: string }>;
  readonly opened: Promise<unknown>;

  constructor(target: string) {
    this.socket = new WebSocket(`ws://${base}${target}`);
    this.opened = new Promise((resolve) => this.socket.on('open', resolve));
    this.socket.on('message', (data: Buffer) => {
      this.frames.push(JSON.parse(data.toString()) as Frame);
      this.waiting?.();
    });
    this.closed = new Promise((resolve) => {
      this.socket.on('close', (code, reason) => {
        resolve({ code, reason: reason.toString() });
      });
    });
  }

  async next(): Promise<Frame> {
    while (this.frames.length === 0) await new Promise<void>((resolve) => (this.waiting = resolve));
    return this.frames.shift() as Frame;
  }

  async send(message: unknown): Promise<void> {
    await this.opened;
    this.socket.send(typeof message === 'string' ? message : JSON.stringify(message));
  }
}

async function control(path: string, body?: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await sim.app.request(path, body === undefined ? {} : { method: 'POST', body: typeof body === 'string' ? body : JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('/v1/realtime over a socket', () => {
  it('subscribes, pushes, pongs, and shows in GET /__sim/realtime', async () => {
    const client = new Client('/v1/realtime?api_key=demo-pro');
    await client.send({ cmd: 'subscribe', data: { channel: 'ticker', symbols: ['AAPL.US'] } });
    expect(await client.next()).toEqual({ cmd: 'subscribe', code: 0, message: 'success', data: { channel: 'ticker', symbols: ['AAPL.US'] } });
    expect((await client.next()).data).toMatchObject({ symbol: 'AAPL.US', type: 'stock' });
    await client.send({ cmd: 'ping' });
    expect(await client.next()).toEqual({ cmd: 'pong', code: 0, message: 'pong', data: { timestamp: Date.parse('2026-11-25T15:00:00Z') } });
    const state = await control('/__sim/realtime');
    expect(state.body).toEqual({
      settings: {
        refuse: { depth: false, trade: false },
        maxConnectionsPerKey: 10,
        maxSubscriptionsPerConnection: 1000,
        pushIntervalMs: 1000,
        idleTimeoutMs: 60000,
        silent: false,
      },
      connections: [{ id: expect.any(Number) as number, plan: 'professional', subscriptions: { ticker: ['AAPL.US'], depth: [], trade: [] } }],
    });
    client.socket.close();
    await client.closed;
    await expect.poll(() => sim.realtime.connections()).toEqual([]);
  });

  it('refuses a connection without a key: the 1002 message, then close 1008', async () => {
    const client = new Client('/v1/realtime');
    expect(await client.next()).toEqual({ cmd: 'connect', code: 1002, message: 'Token is required', data: null });
    expect(await client.closed).toEqual({ code: 1008, reason: 'Token is required' });
  });

  it('takes upgrades on exactly /v1/realtime', async () => {
    for (const target of ['/v1/realtime/', '/v1/realtimex?api_key=demo-pro', '/v1//realtime?api_key=demo-pro', '/v1/market/ticker']) {
      const client = new Client(target);
      const failed = await new Promise<boolean>((resolve) => {
        client.socket.on('error', () => {
          resolve(true);
        });
        client.socket.on('open', () => {
          resolve(false);
        });
      });
      expect(failed, target).toBe(true);
    }
  });

  it('closes a socket sending a frame over 64 KiB (1009)', async () => {
    const client = new Client('/v1/realtime?api_key=demo-enterprise');
    await client.send('x'.repeat(65 * 1024));
    expect((await client.closed).code).toBe(1009);
  });

  it('switches a refusal on over POST /__sim/realtime: holders get 4004 and lose the subscription', async () => {
    const client = new Client('/v1/realtime?api_key=demo-enterprise');
    await client.send({ cmd: 'subscribe', data: { channel: 'trade', symbols: ['BTCUSDT'] } });
    expect((await client.next()).code).toBe(0);
    const switched = await control('/__sim/realtime', { refuse: { trade: true } });
    expect(switched.status).toBe(200);
    expect((switched.body.settings as { refuse: unknown }).refuse).toEqual({ depth: false, trade: true });
    expect(await client.next()).toEqual({
      cmd: 'subscribe',
      code: 4004,
      message: 'Trade subscriptions temporarily unavailable',
      data: { channel: 'trade', symbols: ['BTCUSDT'], suggestion: 'Use GET /v1/market/trades' },
    });
    await control('/__sim/realtime', { refuse: { trade: false } });
    client.socket.close();
    await client.closed;
  });

  it.each([
    ['not JSON', 'nope'],
    ['an array', []],
    ['an unknown setting', { pushInterval: 5 }],
    ['a bad number', { maxConnectionsPerKey: 0 }],
    ['a fractional number', { idleTimeoutMs: 1.5 }],
    ['a bad refusal', { refuse: { ticker: true } }],
    ['a non-boolean refusal', { refuse: { depth: 'yes' } }],
  ])('answers 400 {error} to %s', async (_name, body) => {
    const answer = await control('/__sim/realtime', body);
    expect(answer.status).toBe(400);
    expect(typeof answer.body.error).toBe('string');
  });

  it('drops every socket with 1012 on POST /__sim/realtime/drop', async () => {
    const clients = [new Client('/v1/realtime?api_key=demo-hk'), new Client('/v1/realtime?api_key=demo-us')];
    await Promise.all(clients.map((client) => client.opened));
    await expect.poll(() => sim.realtime.connections().length).toBe(2);
    expect(await control('/__sim/realtime/drop', {})).toEqual({ status: 200, body: { dropped: 2 } });
    for (const client of clients) expect(await client.closed).toEqual({ code: 1012, reason: 'service restart' });
  });

  it('closes an idle socket with 1000 "idle"', async () => {
    await control('/__sim/realtime', { idleTimeoutMs: 100 });
    const client = new Client('/v1/realtime?api_key=demo-enterprise');
    expect(await client.closed).toEqual({ code: 1000, reason: 'idle' });
    await control('/__sim/realtime', { idleTimeoutMs: 60_000 });
  });
});
