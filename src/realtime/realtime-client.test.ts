import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { backoffCeiling, backoffDelay } from './backoff';
import { fakeClient, tickerPush } from './fake-socket.test-support';
import type { TickerPush, TradePush } from './types';

beforeEach(() => {
  vi.useFakeTimers({ now: 1_795_618_800_000 });
});
afterEach(() => {
  vi.useRealTimers();
});

/** Lets the coalescing window (one task) pass. */
const settle = () => vi.advanceTimersByTime(1);

function openClient(options: Parameters<typeof fakeClient>[0] = {}) {
  const fake = fakeClient(options);
  return fake;
}

describe('subscriptions: reference counting and coalescing', () => {
  it('opens one socket lazily and sends one message per channel + type with the symbols held', () => {
    const { client, sockets, latest } = openClient();
    expect(sockets).toHaveLength(0);
    const releases = [
      client.subscribe('ticker', 'AAPL.US', undefined),
      client.subscribe('ticker', 'aapl.us', undefined),
      client.subscribe('ticker', '00700.HK', undefined),
      client.subscribe('trade', 'AAPL.US', undefined),
      client.subscribe('ticker', 'BTCUSDT', 'crypto'),
    ];
    expect(sockets).toHaveLength(1);
    expect(latest().url).toBe('ws://chartroom.test/v1/realtime');
    expect(client.channelState('ticker', 'AAPL.US', undefined)).toBe('connecting');
    latest().open();
    expect(latest().takeSent()).toEqual([
      { cmd: 'subscribe', data: { channel: 'ticker', symbols: ['AAPL.US', '700.HK'] } },
      { cmd: 'subscribe', data: { channel: 'trade', symbols: ['AAPL.US'] } },
      { cmd: 'subscribe', data: { channel: 'ticker', symbols: ['BTCUSDT'], type: 'crypto' } },
    ]);
    expect(releases).toHaveLength(5);
  });

  it('sends nothing while a symbol is still held, or released and re-taken in the same task', () => {
    const { client, latest } = openClient();
    const first = client.subscribe('ticker', 'AAPL.US', undefined);
    const second = client.subscribe('ticker', 'AAPL.US', undefined);
    latest().open();
    latest().ackAll();
    first();
    settle();
    expect(latest().takeSent()).toEqual([]);

    second();
    const again = client.subscribe('ticker', 'AAPL.US', undefined);
    settle();
    expect(latest().takeSent()).toEqual([]);
    expect(client.channelState('ticker', 'AAPL.US', undefined)).toBe('live');

    again();
    client.subscribe('ticker', 'MSFT.US', undefined);
    client.subscribe('ticker', 'NVDA.US', undefined);
    settle();
    expect(latest().takeSent()).toEqual([
      { cmd: 'unsubscribe', data: { channel: 'ticker', symbols: ['AAPL.US'] } },
      { cmd: 'subscribe', data: { channel: 'ticker', symbols: ['MSFT.US', 'NVDA.US'] } },
    ]);
  });

  it('splits more than 100 symbols into messages of at most 100', () => {
    const { client, latest } = openClient();
    for (let index = 0; index < 250; index += 1) client.subscribe('ticker', `S${index}.US`, undefined);
    latest().open();
    const sizes = latest()
      .takeSent()
      .map((message) => (message as { data: { symbols: string[] } }).data.symbols.length);
    expect(sizes).toEqual([100, 100, 50]);
  });

  it('closes the socket 5 s after the last subscription goes, not when one comes back in time', () => {
    const { client, latest, sockets } = openClient();
    const release = client.subscribe('ticker', 'AAPL.US', undefined);
    latest().autoPong = true;
    latest().open();
    release();
    vi.advanceTimersByTime(4_000);
    const back = client.subscribe('ticker', 'AAPL.US', undefined);
    vi.advanceTimersByTime(10_000);
    expect(latest().closedWith).toBeUndefined();
    back();
    vi.advanceTimersByTime(4_999);
    expect(latest().closedWith).toBeUndefined();
    vi.advanceTimersByTime(1);
    expect(latest().closedWith).toEqual({ code: 1000, reason: 'idle' });
    expect(client.status().connection).toBe('idle');
    client.subscribe('depth', 'AAPL.US', undefined);
    expect(sockets).toHaveLength(2);
  });
});

describe('reconnection', () => {
  it('resubscribes everything held on a new socket after the server drops the connection', () => {
    const { client, latest, sockets } = openClient();
    client.subscribe('ticker', 'AAPL.US', undefined);
    client.subscribe('trade', 'BTCUSDT', 'crypto');
    latest().open();
    latest().ackAll();
    expect(client.channelState('ticker', 'AAPL.US', undefined)).toBe('live');

    latest().serverClose(1012, 'service restart');
    expect(client.status().connection).toBe('reconnecting');
    expect(client.channelState('ticker', 'AAPL.US', undefined)).toBe('down');
    vi.advanceTimersByTime(250); // random 0.5 × 500 ms
    expect(sockets).toHaveLength(2);
    latest().open();
    expect(latest().takeSent()).toEqual([
      { cmd: 'subscribe', data: { channel: 'ticker', symbols: ['AAPL.US'] } },
      { cmd: 'subscribe', data: { channel: 'trade', symbols: ['BTCUSDT'], type: 'crypto' } },
    ]);
    expect(client.channelState('ticker', 'AAPL.US', undefined)).toBe('connecting');
    latest().ackAll();
    expect(client.channelState('ticker', 'AAPL.US', undefined)).toBe('live');
    expect(client.status()).toEqual({ connection: 'open', channels: { ticker: { state: 'live' }, depth: { state: 'unused' }, trade: { state: 'live' } } });
  });

  it('backs off exponentially with full jitter up to 30 s, and starts afresh after an acknowledged connection', () => {
    const { client, latest, sockets } = openClient({ random: () => 0.999 });
    client.subscribe('ticker', 'AAPL.US', undefined);
    const delays: number[] = [];
    for (let failure = 0; failure < 9; failure += 1) {
      latest().serverClose(1006);
      const retryIn = client.status().retryInMs ?? -1;
      delays.push(retryIn);
      const count = sockets.length;
      vi.advanceTimersByTime(retryIn - 1);
      expect(sockets).toHaveLength(count);
      vi.advanceTimersByTime(1);
      expect(sockets).toHaveLength(count + 1);
    }
    expect(delays).toEqual([499, 999, 1998, 3996, 7992, 15984, 29970, 29970, 29970]);

    latest().open();
    latest().ackAll();
    latest().serverClose(1006);
    expect(client.status().retryInMs).toBe(499);
  });

  it('tries again at once when the network returns, and then backs off from the first step', () => {
    const { client, latest, sockets } = openClient({ random: () => 0.999 });
    client.subscribe('ticker', 'AAPL.US', undefined);
    for (let failure = 0; failure < 7; failure += 1) {
      latest().serverClose(1006);
      vi.advanceTimersByTime(client.status().retryInMs ?? 0);
    }
    latest().serverClose(1006);
    expect(client.status().retryInMs).toBe(29970);
    const count = sockets.length;
    client.networkReturned();
    expect(sockets).toHaveLength(count + 1);
    latest().serverClose(1006);
    expect(client.status().retryInMs).toBe(499);
    // Not reconnecting (open, idle): nothing to do.
    vi.advanceTimersByTime(499);
    latest().open();
    client.networkReturned();
    expect(sockets).toHaveLength(count + 2);
  });

  it('draws every delay within [0, min(30 s, 0.5 s × 2ⁿ))', () => {
    for (let attempt = 0; attempt < 12; attempt += 1) {
      expect(backoffDelay(attempt, () => 0)).toBe(0);
      const ceiling = backoffCeiling(attempt);
      expect(ceiling).toBe(Math.min(30_000, 500 * 2 ** attempt));
      const high = backoffDelay(attempt, () => 0.999_999);
      expect(high).toBeLessThan(ceiling);
      expect(high).toBeGreaterThanOrEqual(ceiling - 1);
    }
  });

  it('pings every 4 s; a push counts as an answer', () => {
    const { client, latest } = openClient();
    client.subscribe('ticker', 'AAPL.US', undefined);
    latest().open();
    latest().ackAll();
    vi.advanceTimersByTime(4_000);
    expect(latest().takeSent()).toEqual([{ cmd: 'ping' }]);
    vi.advanceTimersByTime(2_000);
    latest().receive(tickerPush('AAPL.US', '200.10'));
    vi.advanceTimersByTime(2_000);
    expect(latest().takeSent()).toEqual([{ cmd: 'ping' }]);
    latest().receive({ cmd: 'pong', code: 0, message: 'pong', data: { timestamp: Date.now() } });
    // Past both pings' deadlines, answered: the socket is still live.
    vi.advanceTimersByTime(3_000);
    expect(latest().closedWith).toBeUndefined();
    expect(client.status().silent).toBeUndefined();
    expect(client.channelState('ticker', 'AAPL.US', undefined)).toBe('live');
  });

  it('a connection refusal (then close 1008) makes the service unavailable, retried after 60 s', () => {
    const { client, latest, sockets } = openClient();
    client.subscribe('ticker', 'AAPL.US', undefined);
    latest().receive({ cmd: 'connect', code: 3003, message: 'Connection limit exceeded', data: null });
    latest().serverClose(1008, 'policy violation');
    expect(client.status()).toMatchObject({ connection: 'unavailable', code: 3003, message: 'Connection limit exceeded' });
    expect(client.status().retryInMs).toBeUndefined();
    expect(client.channelState('ticker', 'AAPL.US', undefined)).toBe('down');
    vi.advanceTimersByTime(59_999);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
    latest().open();
    expect(client.status().connection).toBe('open');
    expect(client.status().code).toBeUndefined();
  });

  it('5001 then close 1011 (relay cannot reach the source) is an ordinary reconnect', () => {
    const { client, latest } = openClient();
    client.subscribe('ticker', 'AAPL.US', undefined);
    latest().open();
    latest().receive({ cmd: 'connect', code: 5001, message: 'Data source unavailable', data: null });
    latest().serverClose(1011);
    expect(client.status()).toMatchObject({ connection: 'reconnecting', retryInMs: 250, code: 5001 });
  });
});

describe('refusals', () => {
  it('a refused channel stays refused, is asked again once after a reconnect, and every 5 min while up', () => {
    const { client, latest } = openClient();
    client.subscribe('trade', 'AAPL.US', undefined);
    client.subscribe('ticker', 'AAPL.US', undefined);
    latest().autoPong = true;
    latest().open();
    latest().takeSent();
    latest().receive({ cmd: 'subscribe', code: 0, message: 'success', data: { channel: 'ticker', symbols: ['AAPL.US'] } });
    const refusal = {
      cmd: 'subscribe',
      code: 4004,
      message: 'Trade subscriptions temporarily unavailable',
      data: { channel: 'trade', symbols: ['AAPL.US'], suggestion: 'Use GET /v1/market/trades' },
    };
    latest().receive(refusal);
    expect(client.channelState('trade', 'AAPL.US', undefined)).toBe('refused');
    expect(client.status().channels.trade).toEqual({ state: 'refused', code: 4004, message: 'Trade subscriptions temporarily unavailable' });
    settle();
    vi.advanceTimersByTime(60_000);
    expect(
      latest()
        .takeSent()
        .filter((message) => (message as { cmd: string }).cmd !== 'ping'),
    ).toEqual([]);

    vi.advanceTimersByTime(240_000);
    expect(
      latest()
        .takeSent()
        .filter((message) => (message as { cmd: string }).cmd !== 'ping'),
    ).toEqual([{ cmd: 'subscribe', data: { channel: 'trade', symbols: ['AAPL.US'] } }]);
    latest().receive(refusal);

    latest().serverClose(1012);
    vi.advanceTimersByTime(250);
    latest().open();
    expect(latest().takeSent()).toEqual([
      { cmd: 'subscribe', data: { channel: 'trade', symbols: ['AAPL.US'] } },
      { cmd: 'subscribe', data: { channel: 'ticker', symbols: ['AAPL.US'] } },
    ]);
    latest().ackAll();
    expect(client.channelState('trade', 'AAPL.US', undefined)).toBe('live');
  });

  it('a refusal switched on at run time drops the named subscriptions only', () => {
    const { client, latest } = openClient();
    client.subscribe('depth', 'AAPL.US', undefined);
    client.subscribe('depth', 'MSFT.US', undefined);
    latest().open();
    latest().ackAll();
    latest().receive({
      cmd: 'subscribe',
      code: 4003,
      message: 'Depth subscriptions temporarily unavailable',
      data: { channel: 'depth', symbols: ['MSFT.US'], suggestion: 'Use GET /v1/market/depth' },
    });
    expect(client.channelState('depth', 'AAPL.US', undefined)).toBe('live');
    expect(client.channelState('depth', 'MSFT.US', undefined)).toBe('refused');
  });

  it('2002 refuses the unknown symbols; the known ones of the request are acknowledged', () => {
    const { client, latest } = openClient();
    client.subscribe('ticker', 'AAPL.US', undefined);
    client.subscribe('ticker', 'NOPE.US', undefined);
    latest().open();
    latest().receive({ cmd: 'subscribe', code: 2002, message: 'Symbol not found', data: { symbols: ['NOPE.US'] } });
    latest().receive({ cmd: 'subscribe', code: 0, message: 'success', data: { channel: 'ticker', symbols: ['AAPL.US'] } });
    expect(client.channelState('ticker', 'NOPE.US', undefined)).toBe('refused');
    expect(client.channelState('ticker', 'AAPL.US', undefined)).toBe('live');
  });

  it('a refusal without symbols (3004, 1004) refuses the oldest request awaiting an answer', () => {
    const { client, latest } = openClient();
    client.subscribe('depth', 'AAPL.US', undefined);
    client.subscribe('ticker', 'AAPL.US', undefined);
    latest().open();
    latest().receive({ cmd: 'subscribe', code: 1004, message: 'Permission denied', data: null });
    latest().receive({ cmd: 'subscribe', code: 0, message: 'success', data: { channel: 'ticker', symbols: ['AAPL.US'] } });
    expect(client.channelState('depth', 'AAPL.US', undefined)).toBe('refused');
    expect(client.status().channels.depth).toEqual({ state: 'refused', code: 1004, message: 'Permission denied' });
    expect(client.channelState('ticker', 'AAPL.US', undefined)).toBe('live');
  });
});

describe('pushes', () => {
  it('dispatches valid pushes to the listeners of their symbol, flattening trade lists, and drops invalid ones', () => {
    const { client, latest } = openClient();
    const tickers: TickerPush[] = [];
    const trades: TradePush[] = [];
    const others: unknown[] = [];
    client.subscribe('ticker', '00700.HK', undefined, (push) => tickers.push(push));
    client.subscribe('trade', 'BTCUSDT', undefined, (push) => trades.push(push));
    client.subscribe('ticker', 'MSFT.US', undefined, (push) => others.push(push));
    latest().open();

    latest().receive(tickerPush('700.HK', '380.2'));
    latest().receive({ cmd: 'ticker', data: { symbol: '700.HK', last_price: 380.2, timestamp: 1 } }); // number price
    latest().receive({ cmd: 'ticker', data: { symbol: '700.HK', timestamp: 1 } }); // no price
    latest().receive('{"cmd":"ticker",');
    latest().receive('[1,2]'); // an array of two invalid messages
    latest().receive({ cmd: 'mystery', data: {} });
    latest().receive({
      cmd: 'trade',
      data: {
        symbol: 'BTCUSDT',
        type: 'crypto',
        trades: [
          { id: 't1', price: '100.5', quantity: '0.1', side: 'buy', timestamp: 10 },
          { id: 't2', price: '100.6', quantity: '0.2', side: 'sell', timestamp: 11 },
        ],
      },
    });
    latest().receive({
      cmd: 'trade',
      data: { symbol: 'BTCUSDT', type: 'crypto', trades: [{ id: 't3', price: 'abc', quantity: '1', side: 'buy', timestamp: 12 }] },
    });

    expect(tickers).toEqual([{ symbol: '700.HK', type: 'stock', last_price: '380.2', timestamp: 1_795_618_800_000 }]);
    expect(trades).toEqual([
      { id: 't1', symbol: 'BTCUSDT', price: '100.5', quantity: '0.1', side: 'buy', timestamp: 10 },
      { id: 't2', symbol: 'BTCUSDT', price: '100.6', quantity: '0.2', side: 'sell', timestamp: 11 },
    ]);
    expect(others).toEqual([]);
    expect(client.stats.invalidMessages).toBe(7);
  });

  it('reads a frame of several messages (an array: the server sends a turn so) in order, and tells the watchers once', () => {
    const { client, latest } = openClient();
    const prices: string[] = [];
    client.subscribe('ticker', 'AAPL.US', undefined, (push) => prices.push(`AAPL ${push.last_price}`));
    client.subscribe('ticker', 'MSFT.US', undefined, (push) => prices.push(`MSFT ${push.last_price}`));
    let told = 0;
    client.watchPushes(() => (told += 1));
    latest().open();
    latest().takeSent();
    latest().receive([
      { cmd: 'subscribe', code: 0, message: 'success', data: { channel: 'ticker', symbols: ['AAPL.US', 'MSFT.US'] } },
      tickerPush('AAPL.US', '200.10'),
      { cmd: 'mystery' },
      tickerPush('MSFT.US', '410.50'),
      tickerPush('AAPL.US', '200.20'),
    ]);
    expect(client.channelState('ticker', 'MSFT.US', undefined)).toBe('live');
    expect(prices).toEqual(['AAPL 200.10', 'MSFT 410.50', 'AAPL 200.20']);
    expect(told).toBe(1);
    expect(client.stats.invalidMessages).toBe(1);
  });

  it('reads single-trade messages (A-shares, China futures) with their futures fields', () => {
    const { client, latest } = openClient();
    const trades: TradePush[] = [];
    client.subscribe('trade', 'RB2601', 'futures', (push) => trades.push(push));
    latest().open();
    latest().receive({
      cmd: 'trade',
      data: {
        symbol: 'RB2601',
        type: 'futures',
        price: '3120',
        quantity: '7',
        side: 'sell',
        timestamp: 5,
        open_interest_change: -3,
        position_effect: 'long_close',
      },
    });
    latest().receive({
      cmd: 'trade',
      data: { symbol: 'RB2601', type: 'futures', price: '3121', quantity: '2', side: 'buy', timestamp: 6, open_interest_change: null },
    });
    expect(trades).toEqual([
      { symbol: 'RB2601', price: '3120', quantity: '7', side: 'sell', timestamp: 5, open_interest_change: -3, position_effect: 'long_close' },
      { symbol: 'RB2601', price: '3121', quantity: '2', side: 'buy', timestamp: 6, open_interest_change: null },
    ]);
  });

  it('a throwing listener does not stop delivery to the others', () => {
    const { client, latest } = openClient();
    const received: string[] = [];
    client.subscribe('ticker', 'AAPL.US', undefined, () => {
      throw new Error('consumer bug');
    });
    client.subscribe('ticker', 'AAPL.US', undefined, (push) => received.push(push.last_price));
    latest().open();
    latest().receive(tickerPush('AAPL.US', '1.5'));
    expect(received).toEqual(['1.5']);
    expect(() => vi.runOnlyPendingTimers()).toThrow('consumer bug');
  });

  it('keeps crypto and forex of the same code apart', () => {
    const { client, latest } = openClient();
    const crypto: string[] = [];
    const forex: string[] = [];
    client.subscribe('ticker', 'BTCUSD', 'crypto', (push) => crypto.push(push.last_price));
    client.subscribe('ticker', 'BTCUSD', 'forex', (push) => forex.push(push.last_price));
    latest().open();
    latest().receive({ cmd: 'ticker', data: { symbol: 'BTCUSD', type: 'forex', last_price: '1', timestamp: 1 } });
    expect(crypto).toEqual([]);
    expect(forex).toEqual(['1']);
  });
});

describe('a silent socket (open, nothing arriving, not even a pong)', () => {
  /** A live AAPL.US ticker whose socket then stops answering: no pong to the next ping. */
  function silenced() {
    const fake = openClient();
    fake.client.subscribe('ticker', 'AAPL.US', undefined);
    fake.latest().open();
    fake.latest().ackAll();
    expect(fake.client.channelState('ticker', 'AAPL.US', undefined)).toBe('live');
    return fake;
  }

  it('is found by the ping deadline: 3 s after an unanswered ping it is dropped, silent, and its subscriptions are down', () => {
    const { client, latest, sockets } = silenced();
    vi.advanceTimersByTime(4_000);
    expect(latest().takeSent()).toEqual([{ cmd: 'ping' }]);
    vi.advanceTimersByTime(2_999);
    expect(client.channelState('ticker', 'AAPL.US', undefined)).toBe('live');
    expect(client.status().silent).toBeUndefined();
    vi.advanceTimersByTime(1);
    expect(sockets[0]?.closedWith).toEqual({ code: 1000, reason: 'no answer' });
    expect(client.status()).toMatchObject({ connection: 'reconnecting', silent: true });
    expect(client.channelState('ticker', 'AAPL.US', undefined)).toBe('down');
    // A symbol asked for now reads down as well: nothing is live.
    expect(client.channelState('ticker', 'MSFT.US', undefined)).toBe('down');
  });

  it('reconnects with backoff, stays silent on a socket that opens but says nothing, and is live again when one answers', () => {
    const { client, latest, sockets } = silenced();
    vi.advanceTimersByTime(7_000);
    expect(client.status().silent).toBe(true);
    // Backoff: the first retry within 0.5 s (jitter 0.5: 250 ms).
    vi.advanceTimersByTime(250);
    expect(sockets).toHaveLength(2);
    latest().open();
    expect(latest().takeSent()).toEqual([{ cmd: 'subscribe', data: { channel: 'ticker', symbols: ['AAPL.US'] } }]);
    // Open is no proof of life: still silent, still polled.
    expect(client.status()).toMatchObject({ connection: 'open', silent: true });
    expect(client.channelState('ticker', 'AAPL.US', undefined)).toBe('down');
    // Nothing again: dropped at the next ping's deadline, and the next retry waits longer (up to 1 s: 500 ms).
    vi.advanceTimersByTime(7_000);
    expect(sockets[1]?.closedWith).toEqual({ code: 1000, reason: 'no answer' });
    vi.advanceTimersByTime(499);
    expect(sockets).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(3);
    latest().open();
    latest().ackAll();
    expect(client.status().silent).toBeUndefined();
    expect(client.status().connection).toBe('open');
    expect(client.channelState('ticker', 'AAPL.US', undefined)).toBe('live');
  });

  it('a pong alone ends the silence, and what was asked while silent (its answer lost) is asked again', () => {
    const { client, latest } = silenced();
    vi.advanceTimersByTime(7_250);
    latest().open();
    expect(latest().takeSent()).toEqual([{ cmd: 'subscribe', data: { channel: 'ticker', symbols: ['AAPL.US'] } }]);
    expect(client.channelState('ticker', 'AAPL.US', undefined)).toBe('down');
    latest().receive({ cmd: 'pong', code: 0, message: 'pong', data: { timestamp: Date.now() } });
    expect(client.status().silent).toBeUndefined();
    expect(client.channelState('ticker', 'AAPL.US', undefined)).toBe('connecting');
    expect(latest().takeSent()).toEqual([{ cmd: 'subscribe', data: { channel: 'ticker', symbols: ['AAPL.US'] } }]);
    latest().ackAll();
    expect(client.channelState('ticker', 'AAPL.US', undefined)).toBe('live');
  });

  it('a socket that never opens is given up after 10 s as silent, and retried', () => {
    const { client, sockets } = openClient();
    client.subscribe('ticker', 'AAPL.US', undefined);
    vi.advanceTimersByTime(9_999);
    expect(client.status().connection).toBe('connecting');
    vi.advanceTimersByTime(1);
    expect(sockets[0]?.closedWith).toEqual({ code: 1000, reason: 'no answer' });
    expect(client.status()).toMatchObject({ connection: 'reconnecting', silent: true });
    vi.advanceTimersByTime(250);
    expect(sockets).toHaveLength(2);
  });

  it('going idle (nothing held) forgets the silence', () => {
    const { client } = openClient();
    const release = client.subscribe('ticker', 'AAPL.US', undefined);
    vi.advanceTimersByTime(10_000);
    expect(client.status().silent).toBe(true);
    release();
    vi.advanceTimersByTime(10_000);
    expect(client.status()).toMatchObject({ connection: 'idle' });
    expect(client.status().silent).toBeUndefined();
  });
});
