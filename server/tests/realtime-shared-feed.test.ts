/**
 * The shared upstream feed over real loopback sockets, against a fake upstream that speaks the
 * protocol: one upstream socket for every browser, reference counts per (channel, instrument),
 * spellings per browser, refusals fanned out, upstream loss, the 3004 overflow socket, and one
 * slow browser beside fast ones.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
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

const SERVER_KEY = 'srv-shared-feed-key';

interface Frame {
  cmd: string;
  code?: number;
  data: { channel?: string; symbol?: string; symbols?: string[]; suggestion?: string; last_price?: string };
}
const parse = (text: string): Frame => JSON.parse(text) as Frame;
const isCmd = (cmd: string, code?: number) => (text: string) => parse(text).cmd === cmd && (code === undefined || parse(text).code === code);

async function browser(port: number): Promise<BrowserClient> {
  const client = connectBrowser(port);
  await client.opened;
  return client;
}

function subscribe(client: BrowserClient, channel: string, symbols: string[], cmd = 'subscribe'): void {
  client.socket.send(JSON.stringify({ cmd, data: { channel, symbols } }));
}

const upstreamSubscribes = (upstream: ProtocolUpstream, cmd = 'subscribe') => upstream.commands.filter((command) => command.cmd === cmd);

describe('the shared upstream feed', () => {
  let upstream: ProtocolUpstream;
  let relay: RelayServer;
  const open: BrowserClient[] = [];

  const join = async (): Promise<BrowserClient> => {
    const client = await browser(relay.port);
    open.push(client);
    return client;
  };

  beforeAll(async () => {
    upstream = await startProtocolUpstream();
    const config = loadConfig(
      { MARKET_API_KEY: SERVER_KEY, MARKET_WS_URL: `ws://127.0.0.1:${upstream.port}/v1/realtime`, REALTIME_MAX_SOCKETS_PER_CLIENT: '50' },
      { port: 0 },
    );
    relay = await startRelayServer({
      config,
      feed: { lingerMs: 50, backoffBaseMs: 20 },
      browser: { highWaterBytes: 256 * 1024, queue: { maxFrames: 64, maxBytes: 4 * 1024 * 1024 }, stuckMs: 2_000 },
    });
  });

  beforeEach(async () => {
    for (const client of open.splice(0)) client.socket.close();
    await eventually(() => relay.relay.stats.connections() === 0, 5_000, 'browsers of the last test gone');
    await eventually(() => upstream.open() === 0, 5_000, 'the upstream socket closed after the last browser');
    upstream.commands.length = 0;
    upstream.limit = 1_000;
    upstream.refuse.clear();
  });

  afterAll(async () => {
    for (const client of open) client.socket.close();
    await relay.stop();
    await upstream.stop();
  });

  it('carries every browser on one upstream socket, subscribing each instrument once and answering in each browser’s spelling', async () => {
    const [a, b, c] = [await join(), await join(), await join()];
    subscribe(a, 'ticker', ['00700.hk', 'AAPL.US']);
    expect(parse(await a.next(isCmd('subscribe')))).toMatchObject({ code: 0, data: { channel: 'ticker', symbols: ['00700.HK', 'AAPL.US'] } });
    upstream.push('ticker', { symbol: '00700.HK', type: 'stock', last_price: '400.2', timestamp: 1 });
    expect(parse(await a.next(isCmd('ticker')))).toMatchObject({ data: { symbol: '00700.HK', last_price: '400.2' } });

    // B asks for the same instrument in another spelling: no upstream subscribe, the last price at once, B's spelling.
    subscribe(b, 'ticker', ['700.HK']);
    expect(parse(await b.next(isCmd('subscribe')))).toMatchObject({ code: 0, data: { symbols: ['700.HK'] } });
    expect(parse(await b.next(isCmd('ticker')))).toEqual({ cmd: 'ticker', data: { symbol: '700.HK', type: 'stock', last_price: '400.2', timestamp: 1 } });
    subscribe(c, 'ticker', ['0700.HK']);
    await c.next(isCmd('subscribe'));
    upstream.push('ticker', { symbol: '00700.HK', type: 'stock', last_price: '401.0', timestamp: 2 });
    for (const [client, spelling] of [
      [a, '00700.HK'],
      [b, '700.HK'],
      [c, '0700.HK'],
    ] as const) {
      expect(parse(await client.next((text) => text.includes('401.0')))).toMatchObject({ data: { symbol: spelling, last_price: '401.0' } });
    }
    expect(upstream.sockets.filter((socket) => socket.readyState === socket.OPEN)).toHaveLength(1);
    expect(upstreamSubscribes(upstream).map((command) => command.symbols)).toEqual([['00700.HK', 'AAPL.US']]);
    expect(relay.relay.feedStats()).toMatchObject({ upstreamSockets: 1, upstreamSubscriptions: { ticker: 2, depth: 0, trade: 0 }, browsers: 3 });

    // The server answers ping itself.
    b.socket.send('{"cmd":"ping"}');
    expect(parse(await b.next(isCmd('pong')))).toMatchObject({ code: 0 });
    expect(upstream.commands.filter((command) => command.cmd === 'ping')).toHaveLength(0);

    // Unsubscribes: only the last holder's reaches the upstream.
    subscribe(a, 'ticker', ['00700.HK'], 'unsubscribe');
    expect(parse(await a.next(isCmd('unsubscribe')))).toMatchObject({ code: 0, data: { symbols: ['00700.HK'] } });
    b.socket.close();
    await b.closed;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(upstreamSubscribes(upstream, 'unsubscribe')).toHaveLength(0);
    subscribe(c, 'ticker', ['700.hk'], 'unsubscribe');
    await eventually(() => upstreamSubscribes(upstream, 'unsubscribe').length === 1, 2_000, 'the upstream unsubscribe');
    expect(upstreamSubscribes(upstream, 'unsubscribe')[0]?.symbols).toEqual(['00700.HK']);
    // A no longer gets 700 pushes; it still holds AAPL.
    const before = a.received.length;
    upstream.push('ticker', { symbol: 'AAPL.US', type: 'stock', last_price: '200', timestamp: 3 });
    await a.next((text) => text.includes('"200"'));
    expect(a.received.slice(before).every((text) => !text.includes('HK'))).toBe(true);
  });

  it('fans a 4003/4004 refusal out to every browser that asked, each in its spelling', async () => {
    const [a, b] = [await join(), await join()];
    upstream.refuse.add('depth');
    subscribe(a, 'depth', ['00005.HK']);
    subscribe(b, 'depth', ['5.HK']);
    const refusedA = parse(await a.next(isCmd('subscribe', 4003)));
    const refusedB = parse(await b.next(isCmd('subscribe', 4003)));
    expect(refusedA.data).toMatchObject({ channel: 'depth', symbols: ['00005.HK'], suggestion: 'Use HTTP' });
    expect(refusedB.data).toMatchObject({ channel: 'depth', symbols: ['5.HK'] });

    // A refusal switched on at run time over held subscriptions reaches every holder.
    subscribe(a, 'trade', ['BTCUSDT']);
    subscribe(b, 'trade', ['btcusdt']);
    await a.next(isCmd('subscribe', 0));
    await b.next(isCmd('subscribe', 0));
    const socket = upstream.sockets.at(-1);
    socket?.send(
      JSON.stringify({
        cmd: 'subscribe',
        code: 4004,
        message: 'Trade subscriptions temporarily unavailable',
        data: { channel: 'trade', symbols: ['BTCUSDT'], suggestion: 'Use GET /v1/market/trades' },
      }),
    );
    for (const client of [a, b]) expect(parse(await client.next(isCmd('subscribe', 4004))).data).toMatchObject({ channel: 'trade', symbols: ['BTCUSDT'] });
    expect(relay.relay.feedStats()?.upstreamSubscriptions.trade).toBe(0);
  });

  it('closes every browser with the upstream’s code when the upstream socket is lost, then serves them on a new socket', async () => {
    const [a, b] = [await join(), await join()];
    subscribe(a, 'ticker', ['AAPL.US']);
    subscribe(b, 'ticker', ['MSFT.US']);
    await a.next(isCmd('subscribe'));
    await b.next(isCmd('subscribe'));
    const sockets = upstream.sockets.length;
    upstream.sockets.at(-1)?.close(1012, 'service restart');
    expect(await a.closed).toEqual({ code: 1012, reason: 'service restart' });
    expect(await b.closed).toEqual({ code: 1012, reason: 'service restart' });
    // The browsers come back (as the app does) and everything they hold is subscribed on one new socket.
    const [a2, b2] = [await join(), await join()];
    subscribe(a2, 'ticker', ['AAPL.US']);
    subscribe(b2, 'ticker', ['MSFT.US']);
    await a2.next(isCmd('subscribe', 0));
    await b2.next(isCmd('subscribe', 0));
    expect(upstream.sockets.length).toBe(sockets + 1);
    expect(upstream.held.at(-1)?.get('ticker')).toEqual(new Set(['AAPL.US', 'MSFT.US']));
  });

  it('opens a second upstream socket only when the first answers 3004', async () => {
    upstream.limit = 2;
    const [a, b] = [await join(), await join()];
    subscribe(a, 'ticker', ['AAPL.US', 'MSFT.US']);
    await a.next(isCmd('subscribe', 0));
    subscribe(b, 'ticker', ['NVDA.US']);
    expect(parse(await b.next(isCmd('subscribe'))).code).toBe(0);
    expect(upstream.open()).toBe(2);
    upstream.push('ticker', { symbol: 'NVDA.US', type: 'stock', last_price: '1', timestamp: 1 });
    expect(parse(await b.next(isCmd('ticker'))).data.symbol).toBe('NVDA.US');
    subscribe(b, 'ticker', ['NVDA.US'], 'unsubscribe');
    await eventually(() => upstream.open() === 1, 2_000, 'the overflow socket closed with its last subscription');
  });

  it('keeps fast browsers streaming beside one that stopped reading, and closes the stuck one', async () => {
    const fast = [await join(), await join(), await join()];
    for (const client of fast) subscribe(client, 'depth', ['AAPL.US']);
    await Promise.all(fast.map((client) => client.next(isCmd('subscribe', 0))));
    const stalled = await stalledBrowser(relay.port);
    stalled.write(clientTextFrame(JSON.stringify({ cmd: 'subscribe', data: { channel: 'depth', symbols: ['AAPL.US'] } })));
    await eventually(() => relay.relay.stats.subscriptions().depth === 4, 2_000, 'the stalled browser subscribed');

    const count = 400; // 13 MiB per browser: far beyond what loopback buffers hold for the stalled one
    await pushInReadRounds(upstream, fast, count);
    for (const client of fast) expect(client.received.filter(isCmd('depth'))).toHaveLength(count);
    await eventually(() => relay.relay.stats.connections() === 3, 10_000, 'the stalled browser closed');
    stalled.destroy();
  }, 90_000);
});
