/**
 * One upstream socket for three instances on a real Redis, over real loopback sockets, against a
 * fake upstream that speaks the protocol: spellings per browser across instances, refusals fanned
 * out to every instance, one slow browser beside fast ones on other instances, the leader's lock
 * expiring and fencing (a stale leader cannot publish), failover to another instance without
 * browser errors, and Redis down and back (each instance alone on its own socket, then one again).
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { loadConfig } from '../config.ts';
import { RedisLink } from '../redis/redis-link.ts';
import {
  clientTextFrame,
  connectBrowser,
  eventually,
  pushInReadRounds,
  stalledBrowser,
  startProtocolUpstream,
  startRelayServer,
  type BrowserClient,
  type ProtocolUpstream,
  type RelayServer,
} from '../realtime/test-support.ts';
import { startTestRedis, type TestRedis } from '../test-support/redis-server.ts';

interface Frame {
  cmd: string;
  code?: number;
  data: { channel?: string; symbol?: string; symbols?: string[]; last_price?: string };
}
const parse = (text: string): Frame => JSON.parse(text) as Frame;
const isCmd = (cmd: string, code?: number) => (text: string) => parse(text).cmd === cmd && (code === undefined || parse(text).code === code);

function subscribe(client: BrowserClient, channel: string, symbols: string[], cmd = 'subscribe'): void {
  client.socket.send(JSON.stringify({ cmd, data: { channel, symbols } }));
}

interface Instance {
  relay: RelayServer;
  link: RedisLink;
  log: string[];
}

describe('one upstream feed for every instance, on Redis', () => {
  let redis: TestRedis;
  let upstream: ProtocolUpstream;
  let instances: Instance[] = [];
  const browsers: BrowserClient[] = [];

  const start = async (): Promise<Instance> => {
    const log: string[] = [];
    const link = new RedisLink({ url: redis.url, log: (line) => log.push(line) });
    const config = loadConfig(
      { MARKET_API_KEY: 'srv-cluster-key', MARKET_WS_URL: `ws://127.0.0.1:${upstream.port}/v1/realtime`, REALTIME_MAX_SOCKETS_PER_CLIENT: '50' },
      { port: 0 },
    );
    const relay = await startRelayServer({
      config,
      redis: link,
      log: (line) => log.push(line),
      cluster: { leaderTtlMs: 1_500, pollMs: 200 },
      feed: { lingerMs: 50, backoffBaseMs: 20 },
      browser: { highWaterBytes: 256 * 1024, queue: { maxFrames: 64, maxBytes: 4 * 1024 * 1024 }, stuckMs: 2_000 },
    });
    expect(await link.ready()).toBe(true);
    const instance = { relay, link, log };
    instances.push(instance);
    return instance;
  };
  const stop = async (instance: Instance): Promise<void> => {
    instances = instances.filter((other) => other !== instance);
    await instance.relay.stop();
    await instance.link.close();
  };
  const join = async (instance: Instance): Promise<BrowserClient> => {
    const client = connectBrowser(instance.relay.port);
    await client.opened;
    browsers.push(client);
    return client;
  };
  const nth = (index: number): Instance => {
    const instance = instances[index];
    if (!instance) throw new Error(`no instance ${index}`);
    return instance;
  };
  const only = (list: Instance[]): Instance => {
    if (list.length !== 1 || !list[0]) throw new Error(`${list.length} instances where one was expected`);
    return list[0];
  };
  const leaders = (): Instance[] => instances.filter((instance) => instance.relay.relay.cluster?.stats().leader);
  const upstreamSubscribes = (cmd = 'subscribe') => upstream.commands.filter((command) => command.cmd === cmd);

  beforeAll(async () => {
    redis = await startTestRedis();
    upstream = await startProtocolUpstream();
  });
  beforeEach(async () => {
    for (let i = 0; i < 3; i += 1) await start();
    await eventually(() => leaders().length === 1, 5_000, 'one leader');
  });
  afterEach(async () => {
    for (const client of browsers.splice(0)) client.socket.close();
    for (const instance of [...instances]) await stop(instance);
    await eventually(() => upstream.open() === 0, 5_000, 'the upstream socket closed');
    upstream.commands.length = 0;
    upstream.refuse.clear();
    await redis.stop();
    await redis.restart();
  });
  afterAll(async () => {
    await upstream.stop();
    await redis.stop();
  });

  it('carries browsers of three instances on one upstream socket, each in its own spelling', async () => {
    const [a, b, c] = [await join(nth(0)), await join(nth(1)), await join(nth(2))];
    subscribe(a, 'ticker', ['00700.HK', 'AAPL.US']);
    expect(parse(await a.next(isCmd('subscribe')))).toMatchObject({ code: 0, data: { symbols: ['00700.HK', 'AAPL.US'] } });
    subscribe(b, 'ticker', ['700.HK']);
    expect(parse(await b.next(isCmd('subscribe')))).toMatchObject({ code: 0, data: { symbols: ['700.HK'] } });
    subscribe(c, 'ticker', ['0700.hk']);
    expect(parse(await c.next(isCmd('subscribe')))).toMatchObject({ code: 0, data: { symbols: ['0700.HK'] } });
    upstream.push('ticker', { symbol: '00700.HK', type: 'stock', last_price: '401.0', timestamp: 2 });
    for (const [client, spelling] of [
      [a, '00700.HK'],
      [b, '700.HK'],
      [c, '0700.HK'],
    ] as const) {
      expect(parse(await client.next((text) => text.includes('401.0')))).toMatchObject({ cmd: 'ticker', data: { symbol: spelling, last_price: '401.0' } });
    }
    expect(upstream.open()).toBe(1);
    // One upstream subscribe per instrument, whichever instance asked first.
    const asked = upstreamSubscribes().flatMap((command) => command.symbols ?? []);
    expect(asked.filter((symbol) => symbol.endsWith('.HK'))).toHaveLength(1);
    expect(asked.filter((symbol) => symbol === 'AAPL.US')).toHaveLength(1);
    // The last holder's leaving, on whatever instance, unsubscribes upstream.
    for (const [client, spelling] of [
      [a, '00700.HK'],
      [b, '700.HK'],
    ] as const)
      subscribe(client, 'ticker', [spelling], 'unsubscribe');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(upstreamSubscribes('unsubscribe')).toHaveLength(0);
    subscribe(c, 'ticker', ['0700.HK'], 'unsubscribe');
    await eventually(() => upstreamSubscribes('unsubscribe').length === 1, 5_000, 'the upstream unsubscribe');
  });

  it('keeps one symbol of two product types apart across instances: two upstream subscriptions, each its own pushes, one leaving alone', async () => {
    const [crypto, forex] = [await join(nth(0)), await join(nth(1))];
    crypto.socket.send(JSON.stringify({ cmd: 'subscribe', data: { channel: 'ticker', symbols: ['BTCUSD'], type: 'crypto' } }));
    expect(parse(await crypto.next(isCmd('subscribe')))).toMatchObject({ code: 0, data: { symbols: ['BTCUSD'] } });
    forex.socket.send(JSON.stringify({ cmd: 'subscribe', data: { channel: 'ticker', symbols: ['BTCUSD'], type: 'forex' } }));
    expect(parse(await forex.next(isCmd('subscribe')))).toMatchObject({ code: 0, data: { symbols: ['BTCUSD'] } });
    await eventually(() => upstreamSubscribes().length === 2, 5_000, 'a subscribe per product type');
    expect(
      upstreamSubscribes()
        .map((command) => command.type)
        .sort(),
    ).toEqual(['crypto', 'forex']);
    upstream.push('ticker', { symbol: 'BTCUSD', type: 'forex', last_price: '91000.5', timestamp: 3 });
    expect(parse(await forex.next((text) => text.includes('91000.5')))).toMatchObject({ data: { type: 'forex' } });
    upstream.push('ticker', { symbol: 'BTCUSD', type: 'crypto', last_price: '91002.0', timestamp: 3 });
    expect(parse(await crypto.next((text) => text.includes('91002.0')))).toMatchObject({ data: { type: 'crypto' } });
    // The crypto browser leaves: only crypto is unsubscribed upstream, forex keeps streaming.
    crypto.socket.send(JSON.stringify({ cmd: 'unsubscribe', data: { channel: 'ticker', symbols: ['BTCUSD'], type: 'crypto' } }));
    await eventually(() => upstreamSubscribes('unsubscribe').length === 1, 5_000, 'the upstream unsubscribe');
    expect(upstreamSubscribes('unsubscribe')[0]).toMatchObject({ symbols: ['BTCUSD'], type: 'crypto' });
    upstream.push('ticker', { symbol: 'BTCUSD', type: 'forex', last_price: '91003.5', timestamp: 4 });
    expect(parse(await forex.next((text) => text.includes('91003.5')))).toMatchObject({ data: { type: 'forex' } });
  });

  it('fans a 4003/4004 refusal out to the browsers of every instance, each in its spelling', async () => {
    const [a, b] = [await join(nth(0)), await join(nth(1))];
    upstream.refuse.add('depth');
    subscribe(a, 'depth', ['00005.HK']);
    subscribe(b, 'depth', ['5.HK']);
    expect(parse(await a.next(isCmd('subscribe', 4003))).data).toMatchObject({ channel: 'depth', symbols: ['00005.HK'] });
    expect(parse(await b.next(isCmd('subscribe', 4003))).data).toMatchObject({ channel: 'depth', symbols: ['5.HK'] });

    subscribe(a, 'trade', ['BTCUSDT']);
    subscribe(b, 'trade', ['btcusdt']);
    await a.next(isCmd('subscribe', 0));
    await b.next(isCmd('subscribe', 0));
    upstream.sockets.at(-1)?.send(
      JSON.stringify({
        cmd: 'subscribe',
        code: 4004,
        message: 'Trade subscriptions temporarily unavailable',
        data: { channel: 'trade', symbols: ['BTCUSDT'], suggestion: 'Use GET /v1/market/trades' },
      }),
    );
    for (const client of [a, b]) expect(parse(await client.next(isCmd('subscribe', 4004))).data).toMatchObject({ channel: 'trade', symbols: ['BTCUSDT'] });
  });

  it('keeps fast browsers on other instances streaming beside one that stopped reading, and closes the stuck one', async () => {
    const fast = [await join(nth(0)), await join(nth(1)), await join(nth(2))];
    for (const client of fast) subscribe(client, 'depth', ['AAPL.US']);
    await Promise.all(fast.map((client) => client.next(isCmd('subscribe', 0))));
    const slowHome = nth(1);
    const stalled = await stalledBrowser(slowHome.relay.port);
    stalled.write(clientTextFrame(JSON.stringify({ cmd: 'subscribe', data: { channel: 'depth', symbols: ['AAPL.US'] } })));
    await eventually(() => slowHome.relay.relay.stats.subscriptions().depth === 2, 5_000, 'the stalled browser subscribed');
    const count = 300;
    await pushInReadRounds(upstream, fast, count);
    for (const client of fast) expect(client.received.filter(isCmd('depth'))).toHaveLength(count);
    await eventually(() => slowHome.relay.relay.stats.connections() === 1, 10_000, 'the stalled browser closed');
    stalled.destroy();
  }, 90_000);

  it('fails over when the leader stops: another instance opens the upstream socket and resubscribes; browsers see a gap, not an error', async () => {
    const leader = only(leaders());
    const followers = instances.filter((instance) => instance !== leader);
    const [first, second] = [await join(followers[0] ?? nth(0)), await join(followers[1] ?? nth(0))];
    const clients = [first, second];
    subscribe(first, 'ticker', ['AAPL.US']);
    subscribe(second, 'ticker', ['aapl.us', 'MSFT.US']);
    await Promise.all(clients.map((client) => client.next(isCmd('subscribe', 0))));
    const socketsBefore = upstream.sockets.length;
    // The leader dies without handing over (its lock runs out); a crash is the same for the others.
    leader.relay.relay.cluster?.freezeLeadership();
    await stop(leader);
    await eventually(() => leaders().length === 1, 5_000, 'a new leader');
    await eventually(() => upstream.open() === 1 && upstream.sockets.length > socketsBefore, 5_000, 'the new leader’s upstream socket');
    await eventually(() => upstream.held.at(-1)?.get('ticker')?.size === 2, 5_000, 'the union resubscribed');
    upstream.push('ticker', { symbol: 'AAPL.US', type: 'stock', last_price: '999.5', timestamp: 9 });
    for (const client of clients) expect(parse(await client.next((text) => text.includes('999.5')))).toMatchObject({ data: { last_price: '999.5' } });
    expect(parse(await first.next((text) => text.includes('999.5'))).data.symbol).toBe('AAPL.US');
    for (const client of clients) expect(client.socket.readyState).toBe(client.socket.OPEN);
  });

  it('fences off a stale leader: once its lock expired and another took over, what it publishes reaches nobody', async () => {
    const stale = only(leaders());
    const other = instances.find((instance) => instance !== stale) ?? nth(0);
    const client = await join(other);
    subscribe(client, 'ticker', ['AAPL.US']);
    await client.next(isCmd('subscribe', 0));
    const oldToken = stale.relay.relay.cluster?.stats().token ?? 0;
    const socketsBefore = upstream.sockets.length;
    // The stale leader stops renewing (a long pause, a partition) but believes it still leads.
    stale.relay.relay.cluster?.freezeLeadership();
    await eventually(
      () => instances.some((instance) => instance !== stale && instance.relay.relay.cluster?.stats().leader),
      5_000,
      'another instance taking the lock',
    );
    const fresh = only(instances.filter((instance) => instance !== stale && instance.relay.relay.cluster?.stats().leader));
    expect(fresh.relay.relay.cluster?.stats().token ?? 0).toBeGreaterThan(oldToken);
    const forged = JSON.stringify({ cmd: 'ticker', data: { symbol: 'AAPL.US', type: 'stock', last_price: '1.23', timestamp: 5 } });
    expect(await stale.relay.relay.cluster?.publishAsLeader(forged)).toBe(0);
    // On a socket of its own (the stale leader's may still be open: it has not found out yet).
    await eventually(() => upstream.held.slice(socketsBefore).some((held) => held.get('ticker')?.has('AAPL.US') === true), 5_000, 'the new leader subscribed');
    upstream.push('ticker', { symbol: 'AAPL.US', type: 'stock', last_price: '4.56', timestamp: 6 });
    await client.next((text) => text.includes('4.56'));
    // Even a frame that got onto the channel with the old token is dropped by every receiver that
    // has seen the new one (the channel keeps order: once 7.89 is in, the forged frame was handled).
    const raw = new Redis(redis.url);
    await raw.publish('chartroom:feed', `${oldToken} f${forged}`);
    upstream.push('ticker', { symbol: 'AAPL.US', type: 'stock', last_price: '7.89', timestamp: 7 });
    await client.next((text) => text.includes('7.89'));
    expect(client.received.some((text) => text.includes('1.23'))).toBe(false);
    raw.disconnect();
  });

  it('carries on after Redis drops the pub/sub connections: they reconnect and resubscribe, browsers kept', async () => {
    const [a, b] = [await join(nth(0)), await join(nth(2))];
    subscribe(a, 'ticker', ['MSFT.US']);
    subscribe(b, 'ticker', ['msft.us']);
    await Promise.all([a, b].map((client) => client.next(isCmd('subscribe', 0))));
    const raw = new Redis(redis.url);
    expect(Number(await raw.client('KILL', 'TYPE', 'pubsub'))).toBeGreaterThanOrEqual(3);
    // Losing the subscriber connection is losing Redis for a moment: each instance falls back, then rejoins.
    await eventually(() => instances.every((instance) => instance.link.fallbacks === 1), 10_000, 'every instance noticing');
    await eventually(() => instances.every((instance) => instance.link.up), 10_000, 'every instance reconnected');
    await eventually(() => leaders().length === 1 && upstream.open() === 1, 10_000, 'one leader and one upstream socket');
    // Until the pushes come through Redis again, keep pushing: the first may fall in the gap.
    let price = 0;
    await eventually(
      () => {
        price += 1;
        upstream.push('ticker', { symbol: 'MSFT.US', type: 'stock', last_price: `5${String(price)}.5`, timestamp: price });
        return [a, b].every((client) => client.received.some((text) => text.includes(`"last_price":"5${String(price - 1)}.5"`)));
      },
      10_000,
      'pushes through the resubscribed channel',
    );
    expect(upstream.open()).toBe(1);
    for (const client of [a, b]) expect(client.socket.readyState).toBe(client.socket.OPEN);
    raw.disconnect();
  });

  it('works alone while Redis is down (one upstream socket per instance, browsers kept), then one socket again', async () => {
    const [a, b] = [await join(nth(0)), await join(nth(1))];
    subscribe(a, 'ticker', ['AAPL.US']);
    subscribe(b, 'ticker', ['AAPL.US']);
    await Promise.all([a, b].map((client) => client.next(isCmd('subscribe', 0))));
    expect(upstream.open()).toBe(1);
    await redis.stop();
    // Instances with browsers open their own sockets and resubscribe on them.
    await eventually(() => upstream.open() === 2, 10_000, 'an upstream socket per instance with browsers');
    await eventually(
      () => upstream.held.filter((held, index) => upstream.sockets[index]?.readyState === 1 && held.get('ticker')?.has('AAPL.US')).length === 2,
      5_000,
      'both resubscribed',
    );
    upstream.push('ticker', { symbol: 'AAPL.US', type: 'stock', last_price: '77.7', timestamp: 7 });
    for (const client of [a, b]) await client.next((text) => text.includes('77.7'));
    expect(nth(0).log.some((line) => line.includes('Redis unreachable'))).toBe(true);

    await redis.restart();
    await eventually(() => upstream.open() === 1, 15_000, 'one upstream socket again');
    await eventually(
      () =>
        leaders().length === 1 && upstream.held.some((held, index) => upstream.sockets[index]?.readyState === 1 && held.get('ticker')?.has('AAPL.US') === true),
      10_000,
      'the leader subscribed again',
    );
    upstream.push('ticker', { symbol: 'AAPL.US', type: 'stock', last_price: '88.8', timestamp: 8 });
    for (const client of [a, b]) await client.next((text) => text.includes('88.8'));
    for (const client of [a, b]) expect(client.socket.readyState).toBe(client.socket.OPEN);
  });
});
