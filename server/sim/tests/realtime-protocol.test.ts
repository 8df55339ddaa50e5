/** Every command and reply code of the realtime protocol, in process (FakeClient as the transport). */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { frozenSimulator } from '../test-support.ts';
import { FakeClient, advanceAndPush, realtimeSimulator, schemaErrors, type Frame } from './realtime-support.ts';

const US_MORNING = '2026-11-25T15:00:00Z';

function codes(frames: Frame[]): (number | string)[] {
  return frames.map((frame) => frame.code ?? frame.cmd);
}

/** Every reply (not push) validates against the AsyncAPI errorResponse (pong: pongResponse). */
function expectValidReplies(frames: Frame[]): void {
  for (const frame of frames) {
    if (frame.code === undefined) continue;
    expect(schemaErrors(frame.cmd === 'pong' ? 'pongResponse' : 'errorResponse', frame), JSON.stringify(frame)).toEqual([]);
  }
}

describe('commands', () => {
  const sim = realtimeSimulator(US_MORNING);

  it('acks subscribe and unsubscribe with the channel and symbols', () => {
    const client = new FakeClient(sim);
    const subscribed = client.subscribe('ticker', [' aapl.us ', 'AAPL.US']);
    expect(subscribed[0]).toEqual({ cmd: 'subscribe', code: 0, message: 'success', data: { channel: 'ticker', symbols: ['AAPL.US'] } });
    expect(subscribed[1]?.cmd).toBe('ticker');
    expectValidReplies(subscribed);
    const unsubscribed = client.command({ cmd: 'unsubscribe', data: { channel: 'ticker', symbols: ['AAPL.US'] } });
    expect(unsubscribed).toEqual([{ cmd: 'unsubscribe', code: 0, message: 'success', data: { channel: 'ticker', symbols: ['AAPL.US'] } }]);
    expect(sim.realtime.connections().map((connection) => connection.subscriptions.ticker)).toEqual([[]]);
    client.session.closed();
  });

  it('treats 700.HK and 00700.HK as one subscription, echoing the latest spelling', () => {
    const client = new FakeClient(sim);
    client.subscribe('ticker', ['00700.HK']);
    client.subscribe('ticker', ['700.HK']);
    const [info] = sim.realtime.connections();
    expect(info?.subscriptions.ticker).toEqual(['700.HK']);
    client.command({ cmd: 'unsubscribe', data: { channel: 'ticker', symbols: ['00700.HK'] } });
    expect(sim.realtime.connections()[0]?.subscriptions.ticker).toEqual([]);
    client.session.closed();
  });

  it('answers ping with pong and the simulator clock', () => {
    const client = new FakeClient(sim);
    const [pong] = client.command({ cmd: 'ping' });
    expect(pong).toEqual({ cmd: 'pong', code: 0, message: 'pong', data: { timestamp: Date.parse(US_MORNING) } });
    expectValidReplies([pong as Frame]);
    client.session.closed();
  });

  it('answers 4001 to an unknown command, echoing it', () => {
    const client = new FakeClient(sim);
    const frames = client.command({ cmd: 'subscribe_all', data: {} });
    expect(frames).toEqual([{ cmd: 'subscribe_all', code: 4001, message: 'Unknown command', data: null }]);
    expectValidReplies(frames);
    client.session.closed();
  });

  it.each([
    ['not JSON', 'hello', 'unknown'],
    ['a JSON array', '[{"cmd":"ping"}]', 'unknown'],
    ['no cmd', '{"data":{}}', 'unknown'],
    ['a numeric cmd', '{"cmd":7}', 'unknown'],
    ['missing data', '{"cmd":"subscribe"}', 'subscribe'],
    ['symbols not an array', '{"cmd":"subscribe","data":{"channel":"ticker","symbols":"AAPL.US"}}', 'subscribe'],
    ['symbols not strings', '{"cmd":"unsubscribe","data":{"channel":"ticker","symbols":[1]}}', 'unsubscribe'],
    ['no channel', '{"cmd":"subscribe","data":{"symbols":["AAPL.US"]}}', 'subscribe'],
  ])('answers 4002 to %s', (_name, text, cmd) => {
    const client = new FakeClient(sim);
    const frames = client.command(text);
    expect(frames).toEqual([{ cmd, code: 4002, message: 'Invalid message format', data: null }]);
    expectValidReplies(frames);
    client.session.closed();
  });
});

describe('subscription errors', () => {
  const sim = realtimeSimulator(US_MORNING);

  it('answers 2001 to a bad channel or type', () => {
    const client = new FakeClient(sim);
    const [channel] = client.subscribe('quotes', ['AAPL.US']);
    expect(channel).toMatchObject({ cmd: 'subscribe', code: 2001, message: 'Invalid parameter: channel must be one of ticker, depth, trade' });
    const [type] = client.subscribe('ticker', ['AAPL.US'], 'bond');
    expect(type).toMatchObject({ code: 2001 });
    expect(type?.message).toMatch(/^Invalid parameter: type must be one of/);
    expectValidReplies([channel as Frame, type as Frame]);
    client.session.closed();
  });

  it.each([
    ['depth', 'EURUSD'],
    ['depth', 'XAUUSD'],
    ['depth', 'SPX'],
    ['trade', 'EURUSD'],
    ['trade', 'HSI'],
  ])('answers 2001 when %s is not served for %s', (channel, symbol) => {
    const client = new FakeClient(sim);
    const frames = client.subscribe(channel, [symbol]);
    expect(frames).toEqual([
      { cmd: 'subscribe', code: 2001, message: `Invalid parameter: ${channel} is not available for ${symbol}`, data: { channel, symbols: [symbol] } },
    ]);
    client.session.closed();
  });

  it('answers 2001 AMBIGUOUS_SYMBOL with the candidate types, and subscribes once type is given', () => {
    const client = new FakeClient(sim);
    const [ambiguous] = client.subscribe('ticker', ['BTCUSD']);
    expect(ambiguous).toMatchObject({ code: 2001, data: { error: 'AMBIGUOUS_SYMBOL', symbol: 'BTCUSD', types: ['crypto', 'forex'] } });
    expect(ambiguous?.message).toMatch(/^Invalid parameter: AMBIGUOUS_SYMBOL/);
    expectValidReplies([ambiguous as Frame]);
    const typed = client.subscribe('ticker', ['BTCUSD'], 'forex');
    expect(codes(typed)).toEqual([0, 'ticker']);
    expect(typed[1]?.data?.type).toBe('forex');
    client.session.closed();
  });

  it('answers 2002 with the unknown symbols and still subscribes the known ones', () => {
    const client = new FakeClient(sim);
    const frames = client.subscribe('ticker', ['AAPL.US', 'NOPE.US', 'MSFT.US', 'ZZZZ']);
    expect(frames[0]).toMatchObject({ code: 0, data: { channel: 'ticker', symbols: ['AAPL.US', 'MSFT.US'] } });
    expect(frames.filter((frame) => frame.cmd === 'ticker').map((frame) => frame.data?.symbol)).toEqual(['AAPL.US', 'MSFT.US']);
    expect(frames.at(-1)).toEqual({ cmd: 'subscribe', code: 2002, message: 'Symbol not found', data: { channel: 'ticker', symbols: ['NOPE.US', 'ZZZZ'] } });
    expectValidReplies(frames);
    client.session.closed();
  });

  it('answers 1004 to the Free plan on depth and trade, not on ticker', () => {
    const client = new FakeClient(sim, 'demo-free');
    for (const channel of ['depth', 'trade']) {
      const frames = client.subscribe(channel, ['AAPL.US']);
      expect(codes(frames)).toEqual([1004]);
      expect(frames[0]?.message).toMatch(/^Permission denied/);
      expectValidReplies(frames);
    }
    expect(codes(client.subscribe('ticker', ['AAPL.US']))).toEqual([0, 'ticker']);
    expect(codes(new FakeClient(sim, 'demo-starter').subscribe('depth', ['AAPL.US']))).toEqual([0, 'depth']);
    sim.realtime.dropAll();
  });

  it('answers 3004 past the per-connection limit, all or nothing, counting (channel, symbol) pairs', () => {
    const limited = realtimeSimulator(US_MORNING, { maxSubscriptionsPerConnection: 3 });
    const client = new FakeClient(limited);
    expect(codes(client.subscribe('ticker', ['AAPL.US', 'MSFT.US']))).toEqual([0, 'ticker', 'ticker']);
    const refused = client.subscribe('depth', ['AAPL.US', 'MSFT.US']);
    expect(refused).toEqual([
      { cmd: 'subscribe', code: 3004, message: 'Subscription limit exceeded', data: { channel: 'depth', symbols: ['AAPL.US', 'MSFT.US'], limit: 3 } },
    ]);
    expectValidReplies(refused);
    expect(limited.realtime.connections()[0]?.subscriptions.depth).toEqual([]);
    // Re-subscribing held symbols adds nothing; one more pair still fits.
    expect(codes(client.subscribe('ticker', ['AAPL.US', 'MSFT.US']))[0]).toBe(0);
    expect(codes(client.subscribe('depth', ['AAPL.US']))).toEqual([0, 'depth']);
  });

  it('defaults to 1000 subscriptions per connection: a 300-symbol dashboard fits', () => {
    const hk = Array.from({ length: 300 }, (_, i) => `${String(i + 1)}.HK`);
    const client = new FakeClient(sim);
    const frames = client.subscribe('ticker', hk);
    expect(frames[0]?.code).toBe(0);
    const known = frames[0]?.data?.symbols?.length ?? 0;
    expect(known).toBeGreaterThan(200);
    expect(sim.realtime.settings().maxSubscriptionsPerConnection).toBe(1000);
    client.session.closed();
  });
});

describe('connection refusals', () => {
  const sim = realtimeSimulator(US_MORNING, { maxConnectionsPerKey: 2 });

  it.each([
    [null, 1002, 'Token is required'],
    ['', 1002, 'Token is required'],
    ['nope', 1001, 'Invalid or expired token'],
    ['demo-expired', 1001, 'Invalid or expired token'],
  ])('refuses key %j with %i then close 1008', (key, code, message) => {
    const client = new FakeClient(sim, key);
    expect(client.frames).toEqual([{ cmd: 'connect', code, message, data: null }]);
    expectValidReplies(client.frames);
    expect(client.closedWith).toEqual({ code: 1008, reason: message });
    expect(sim.realtime.connections()).toEqual([]);
  });

  it('answers 3003 past the connections of one key, counted per key', () => {
    const first = new FakeClient(sim, 'demo-pro');
    const second = new FakeClient(sim, 'demo-pro');
    const third = new FakeClient(sim, 'demo-pro');
    expect(third.frames).toEqual([{ cmd: 'connect', code: 3003, message: 'Connection limit exceeded', data: null }]);
    expect(third.closedWith?.code).toBe(1008);
    expect(new FakeClient(sim, 'demo-hk').closedWith).toBeUndefined();
    second.session.closed();
    expect(new FakeClient(sim, 'demo-pro').closedWith).toBeUndefined();
    expect(first.closedWith).toBeUndefined();
    expect(sim.realtime.dropAll()).toBe(3);
  });

  it('reports connections by plan, never by key', () => {
    const client = new FakeClient(sim, 'demo-cn');
    client.subscribe('ticker', ['600519.SH']);
    expect(sim.realtime.connections()).toEqual([
      { id: expect.any(Number) as number, plan: 'all-cn', subscriptions: { ticker: ['600519.SH'], depth: [], trade: [] } },
    ]);
    expect(JSON.stringify(sim.realtime.connections())).not.toContain('demo-cn');
    client.session.closed();
  });
});

describe('refusals of depth and trade (4003/4004)', () => {
  it('refuses new subscriptions with the HTTP suggestion', () => {
    const sim = realtimeSimulator(US_MORNING, { refuse: { depth: true, trade: true } });
    const client = new FakeClient(sim);
    const depth = client.subscribe('depth', ['AAPL.US']);
    expect(depth).toEqual([
      {
        cmd: 'subscribe',
        code: 4003,
        message: 'Depth subscriptions temporarily unavailable',
        data: { channel: 'depth', symbols: ['AAPL.US'], suggestion: 'Use GET /v1/market/depth' },
      },
    ]);
    const trade = client.subscribe('trade', ['AAPL.US', '700.HK']);
    expect(trade).toEqual([
      {
        cmd: 'subscribe',
        code: 4004,
        message: 'Trade subscriptions temporarily unavailable',
        data: { channel: 'trade', symbols: ['AAPL.US', '700.HK'], suggestion: 'Use GET /v1/market/trades' },
      },
    ]);
    expectValidReplies([...depth, ...trade]);
    expect(codes(client.subscribe('ticker', ['AAPL.US']))[0]).toBe(0);
  });

  it('drops held subscriptions with the same message when switched on, and accepts again when off', () => {
    const sim = realtimeSimulator(US_MORNING);
    const holder = new FakeClient(sim);
    const bystander = new FakeClient(sim);
    holder.subscribe('trade', ['AAPL.US', 'BTCUSDT']);
    holder.subscribe('depth', ['AAPL.US']);
    bystander.subscribe('ticker', ['AAPL.US']);
    sim.realtime.update({ refuse: { trade: true } });
    expect(holder.take()).toEqual([
      {
        cmd: 'subscribe',
        code: 4004,
        message: 'Trade subscriptions temporarily unavailable',
        data: { channel: 'trade', symbols: ['AAPL.US', 'BTCUSDT'], suggestion: 'Use GET /v1/market/trades' },
      },
    ]);
    expect(bystander.take()).toEqual([]);
    const [info] = sim.realtime.connections();
    expect(info?.subscriptions).toEqual({ ticker: [], depth: ['AAPL.US'], trade: [] });
    // Dropped topics push nothing any more.
    advanceAndPush(sim, '2026-11-25T15:05:00Z');
    expect(holder.take().filter((frame) => frame.cmd === 'trade')).toEqual([]);
    sim.realtime.update({ refuse: { depth: true } });
    expect(codes(holder.take())).toEqual([4003]);
    sim.realtime.update({ refuse: { depth: false, trade: false } });
    expect(codes(holder.subscribe('trade', ['AAPL.US']))).toEqual([0]);
  });
});

describe('silent (test control: a socket open with nothing arriving)', () => {
  it('sends no push, acknowledgement or pong while on, keeps the connection open, and speaks again when off', () => {
    const sim = realtimeSimulator(US_MORNING);
    const client = new FakeClient(sim);
    client.subscribe('ticker', ['AAPL.US']);
    sim.realtime.update({ silent: true });
    expect(client.command({ cmd: 'ping' })).toEqual([]);
    expect(client.subscribe('ticker', ['MSFT.US'])).toEqual([]);
    advanceAndPush(sim, '2026-11-25T15:05:00Z');
    expect(client.take()).toEqual([]);
    expect(client.closedWith).toBeUndefined();
    expect(sim.realtime.update({ silent: false }).silent).toBe(false);
    expect(codes(client.command({ cmd: 'ping' }))).toEqual([0]);
    advanceAndPush(sim, '2026-11-25T15:06:00Z');
    expect(
      client
        .take()
        .filter((frame) => frame.cmd === 'ticker')
        .map((frame) => (frame.data as { symbol: string }).symbol)
        .sort(),
    ).toEqual(['AAPL.US', 'MSFT.US']);
    expect(() => sim.realtime.update({ silent: 'yes' })).toThrow('silent must be a boolean');
  });
});

describe('connection life', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('closes a connection idle for idleTimeoutMs with 1000 "idle"; any message keeps it open', () => {
    vi.useFakeTimers();
    const sim = realtimeSimulator(US_MORNING, { idleTimeoutMs: 60_000 });
    const client = new FakeClient(sim);
    client.subscribe('ticker', ['AAPL.US']);
    vi.advanceTimersByTime(59_000);
    client.command({ cmd: 'ping' });
    vi.advanceTimersByTime(59_000);
    expect(client.closedWith).toBeUndefined();
    vi.advanceTimersByTime(1_001);
    expect(client.closedWith).toEqual({ code: 1000, reason: 'idle' });
    expect(sim.realtime.connections()).toEqual([]);
    // A closed session ignores what still arrives.
    expect(client.command({ cmd: 'ping' })).toEqual([]);
  });

  it('dropAll closes every connection with 1012 and releases their subscriptions', () => {
    const sim = realtimeSimulator(US_MORNING);
    const clients = [new FakeClient(sim), new FakeClient(sim, 'demo-pro'), new FakeClient(sim, 'demo-free')];
    for (const client of clients) client.subscribe('ticker', ['BTCUSDT']);
    expect(sim.realtime.dropAll()).toBe(3);
    for (const client of clients) expect(client.closedWith).toEqual({ code: 1012, reason: 'service restart' });
    expect(sim.realtime.connections()).toEqual([]);
    advanceAndPush(sim, '2026-11-25T15:01:00Z');
    for (const client of clients) expect(client.take()).toEqual([]);
    expect(sim.realtime.dropAll()).toBe(0);
  });

  it('closed() is idempotent and frees the per-key slot', () => {
    const sim = realtimeSimulator(US_MORNING, { maxConnectionsPerKey: 1 });
    const client = new FakeClient(sim);
    client.session.closed();
    client.session.closed();
    expect(new FakeClient(sim).closedWith).toBeUndefined();
  });

  it('runs one push timer at pushIntervalMs, only while connections exist', () => {
    vi.useFakeTimers();
    const sim = frozenSimulator(US_MORNING);
    expect(vi.getTimerCount()).toBe(0);
    const clients = [new FakeClient(sim), new FakeClient(sim)];
    for (const client of clients) client.subscribe('ticker', ['BTCUSDT']);
    // The push timer plus one idle timer per connection.
    expect(vi.getTimerCount()).toBe(3);
    sim.clock.set({ now: Date.parse('2026-11-25T15:00:30Z') });
    vi.advanceTimersByTime(999);
    expect(clients[0]?.take()).toEqual([]);
    vi.advanceTimersByTime(1);
    for (const client of clients) expect(client.take().map((frame) => frame.cmd)).toEqual(['ticker']);
    vi.advanceTimersByTime(5_000);
    expect(clients[0]?.take()).toEqual([]); // frozen clock: nothing changed
    sim.realtime.dropAll();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('restarts the timer at a new pushIntervalMs', () => {
    vi.useFakeTimers();
    const sim = frozenSimulator(US_MORNING);
    const client = new FakeClient(sim);
    client.subscribe('ticker', ['BTCUSDT']);
    sim.realtime.update({ pushIntervalMs: 200 });
    sim.clock.set({ now: Date.parse('2026-11-25T15:00:30Z') });
    vi.advanceTimersByTime(200);
    expect(client.take().map((frame) => frame.cmd)).toEqual(['ticker']);
    sim.realtime.stop();
    sim.clock.set({ now: Date.parse('2026-11-25T15:01:30Z') });
    vi.advanceTimersByTime(1_000);
    expect(client.take()).toEqual([]);
    sim.realtime.dropAll();
  });
});
