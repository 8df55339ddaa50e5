/**
 * The per-client rate limit on /v1: token buckets per client address, 429 `3001` with
 * Retry-After before the upstream or the simulator is reached, X-Forwarded-For believed only
 * behind TRUST_PROXY, and bounded memory.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { clientAddress, clientKey } from '../client-address.ts';
import { loadConfig } from '../config.ts';
import { ClientRateLimiter } from '../rate-limiter.ts';
import { rawRequest, type RawResponse } from '../test-support/raw-http.ts';
import { startStack, type Stack } from '../test-support/stack.ts';

const LIMITS = { headersTimeoutMs: 5_000, requestTimeoutMs: 10_000, keepAliveTimeoutMs: 1_000, maxHeaderBytes: 16 * 1024 };
const TICKER = '/v1/market/ticker?symbols=AAPL.US';

function envelope(answer: RawResponse): { code: number; message: string } {
  return JSON.parse(answer.body.toString()) as { code: number; message: string };
}

describe('ClientRateLimiter', () => {
  it('allows a burst of perMinute, then refuses with the seconds until the next token', () => {
    let now = 0;
    const limiter = new ClientRateLimiter({ perMinute: 6, now: () => now });
    for (let i = 0; i < 6; i += 1) expect(limiter.take('a')).toEqual({ allowed: true, retryAfterSeconds: 0 });
    expect(limiter.take('a')).toEqual({ allowed: false, retryAfterSeconds: 10 });
    now += 4_000;
    expect(limiter.take('a')).toEqual({ allowed: false, retryAfterSeconds: 6 });
    now += 6_000;
    expect(limiter.take('a').allowed).toBe(true);
    expect(limiter.take('a').allowed).toBe(false);
    // Another client has its own bucket.
    expect(limiter.take('b').allowed).toBe(true);
  });

  it('refills to the burst size and no further; refused requests cost nothing', () => {
    let now = 0;
    const limiter = new ClientRateLimiter({ perMinute: 3, now: () => now });
    for (let i = 0; i < 3; i += 1) limiter.take('a');
    for (let i = 0; i < 50; i += 1) expect(limiter.take('a').allowed).toBe(false);
    now += 20_000;
    expect(limiter.take('a').allowed).toBe(true);
    now += 3_600_000;
    const allowed = Array.from({ length: 10 }, () => limiter.take('a').allowed).filter(Boolean).length;
    expect(allowed).toBe(3);
  });

  it('forgets the least recently seen clients beyond maxClients', () => {
    const limiter = new ClientRateLimiter({ perMinute: 1, maxClients: 100, now: () => 0 });
    for (let i = 0; i < 10_000; i += 1) limiter.take(`client-${i}`);
    expect(limiter.size).toBe(100);
    // The most recent clients are remembered (and still limited), the oldest forgotten.
    expect(limiter.take('client-9999').allowed).toBe(false);
    expect(limiter.take('client-0').allowed).toBe(true);
  });

  it('rejects a nonsensical rate', () => {
    expect(() => new ClientRateLimiter({ perMinute: 0 })).toThrow(RangeError);
    expect(() => new ClientRateLimiter({ perMinute: 1.5 })).toThrow(RangeError);
  });
});

describe('client addresses', () => {
  const socket = '10.0.0.1';

  it('uses the socket address unless proxies are trusted', () => {
    expect(clientAddress({ socket, forwardedFor: '203.0.113.9' }, 0)).toBe(socket);
    expect(clientAddress({ socket, forwardedFor: undefined }, 1)).toBe(socket);
    expect(clientAddress({ socket: undefined, forwardedFor: undefined }, 0)).toBeUndefined();
  });

  it('believes only the entries our proxies appended', () => {
    const chain = '198.51.100.7, 203.0.113.9, 192.0.2.4';
    expect(clientAddress({ socket, forwardedFor: chain }, 1)).toBe('192.0.2.4');
    expect(clientAddress({ socket, forwardedFor: chain }, 2)).toBe('203.0.113.9');
    expect(clientAddress({ socket, forwardedFor: chain }, 3)).toBe('198.51.100.7');
    expect(clientAddress({ socket, forwardedFor: chain }, 9)).toBe('198.51.100.7');
    expect(clientAddress({ socket, forwardedFor: 'spoofed, not-an-ip, 192.0.2.4' }, 3)).toBe('192.0.2.4');
    expect(clientAddress({ socket, forwardedFor: 'garbage' }, 1)).toBe(socket);
    expect(clientAddress({ socket, forwardedFor: '192.0.2.4:5123' }, 1)).toBe('192.0.2.4');
    expect(clientAddress({ socket, forwardedFor: '[2001:db8::1]:443' }, 1)).toBe('2001:db8::1');
  });

  it('buckets IPv6 clients by /64 and unwraps IPv4-mapped addresses', () => {
    expect(clientKey('::ffff:192.0.2.4')).toBe('192.0.2.4');
    expect(clientKey('192.0.2.4')).toBe('192.0.2.4');
    expect(clientKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8:1:2:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
    expect(clientKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(clientKey('64:ff9b::192.0.2.4')).toBe('64:ff9b:0:0::/64');
    expect(clientKey(undefined)).toBe('unknown');
  });

  it.each(['-1', '1.5', 'yes', '1e3'])('refuses CLIENT_RATE_LIMIT=%s and TRUST_PROXY=%s', (value) => {
    expect(() => loadConfig({ CLIENT_RATE_LIMIT: value }, { port: 0 })).toThrow(/CLIENT_RATE_LIMIT/);
    expect(() => loadConfig({ TRUST_PROXY: value }, { port: 0 })).toThrow(/TRUST_PROXY/);
  });

  it('defaults to 1200 per minute, no trusted proxy', () => {
    expect(loadConfig({}, { port: 0 }).access).toMatchObject({ clientRateLimit: 1200, trustProxyHops: 0, corsOrigins: [] });
  });
});

describe('upstream mode over sockets: refused before the upstream', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ limits: LIMITS, env: () => ({ CLIENT_RATE_LIMIT: '3', TRUST_PROXY: '1' }) });
  });
  afterAll(async () => {
    await stack.stop();
  });
  const from = (address: string) => rawRequest(stack.port, TICKER, { 'X-Forwarded-For': `198.51.100.1, ${address}` });

  it('answers 429 3001 with Retry-After past the limit; the upstream counts only what passed', async () => {
    const before = stack.upstreamHits();
    for (let i = 0; i < 3; i += 1) expect((await from('203.0.113.1')).status).toBe(200);
    expect(stack.upstreamHits()).toBe(before + 3);
    for (let i = 0; i < 5; i += 1) {
      const limited = await from('203.0.113.1');
      expect(limited.status).toBe(429);
      expect(envelope(limited)).toEqual({ code: 3001, message: 'Rate limit exceeded: more than 3 requests per minute from this client' });
      // 3 per minute: the next token in 20 s at most.
      expect(limited.headers['retry-after']).toMatch(/^\d+$/);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(20);
      expect(limited.headers['x-content-type-options']).toBe('nosniff');
    }
    expect(stack.upstreamHits()).toBe(before + 3);
    expect(stack.sim.log.entries().filter((entry) => entry.status === 429)).toEqual([]);
  });

  it('leaves another client address unaffected', async () => {
    const before = stack.upstreamHits();
    expect((await from('203.0.113.2')).status).toBe(200);
    expect((await from('2001:db8:5::1')).status).toBe(200);
    expect(stack.upstreamHits()).toBe(before + 2);
  });

  it('does not limit the SPA or /healthz (the client above is still limited on /v1)', async () => {
    expect((await from('203.0.113.1')).status).toBe(429);
    for (const path of ['/healthz', '/', '/assets/app.js', '/healthz', '/']) {
      expect((await rawRequest(stack.port, path, { 'X-Forwarded-For': '203.0.113.1' })).status, path).toBe(200);
    }
  });
});

describe('X-Forwarded-For is not believed without TRUST_PROXY', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ limits: LIMITS, env: () => ({ CLIENT_RATE_LIMIT: '2' }) });
  });
  afterAll(async () => {
    await stack.stop();
  });

  it('counts every request from the socket address, whatever it claims', async () => {
    const before = stack.upstreamHits();
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await rawRequest(stack.port, TICKER, { 'X-Forwarded-For': `203.0.113.${i + 1}` })).status);
    expect(statuses).toEqual([200, 200, 429, 429]);
    expect(stack.upstreamHits()).toBe(before + 2);
  });
});

describe('simulator mode', () => {
  const env = (address: string) => ({ incoming: { socket: { remoteAddress: address } } });

  it('limits per client address before the embedded simulator answers', async () => {
    const { app, simulator } = createApp(loadConfig({ CLIENT_RATE_LIMIT: '2', SIM_NOW: '2026-11-25T15:00:00Z', SIM_CLOCK: 'frozen' }, { port: 0 }));
    const before = simulator?.log.entries().length ?? 0;
    const statuses = [];
    for (let i = 0; i < 3; i += 1) statuses.push((await app.request(TICKER, {}, env('10.0.0.1'))).status);
    expect(statuses).toEqual([200, 200, 429]);
    expect((await app.request(TICKER, {}, env('10.0.0.2'))).status).toBe(200);
    // IPv4-mapped form of the first client: the same client.
    const mapped = await app.request(TICKER, {}, env('::ffff:10.0.0.1'));
    expect(mapped.status).toBe(429);
    expect(await mapped.json()).toMatchObject({ code: 3001 });
    expect(simulator?.log.entries().length).toBe(before + 3);
  });

  it('is off with CLIENT_RATE_LIMIT=0', async () => {
    const { app } = createApp(loadConfig({ CLIENT_RATE_LIMIT: '0', SIM_NOW: '2026-11-25T15:00:00Z', SIM_CLOCK: 'frozen' }, { port: 0 }));
    for (let i = 0; i < 50; i += 1) expect((await app.request('/v1/market/intervals/kline', {}, env('10.0.0.1'))).status).toBe(200);
  });
});
