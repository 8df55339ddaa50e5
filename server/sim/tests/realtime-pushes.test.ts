/**
 * What the channels push, for every market: shapes as the websocket pages and the AsyncAPI give
 * them, and the same numbers as the HTTP endpoints at the same simulated instant.
 */
import { describe, expect, it } from 'vitest';
import type { Simulator } from '../app.ts';
import { getJson } from '../test-support.ts';
import { FakeClient, advanceAndPush, realtimeSimulator, schemaErrors, type Frame } from './realtime-support.ts';

/** One symbol per market, with an instant its market trades and one a minute and a half later. */
const MARKETS = [
  { market: 'index', symbol: 'SPX', from: '2026-11-25T15:00:00Z', to: '2026-11-25T15:01:30Z' },
  { market: 'forex', symbol: 'EURUSD', from: '2026-11-25T15:00:00Z', to: '2026-11-25T15:01:30Z' },
  { market: 'metal', symbol: 'XAUUSD', from: '2026-11-25T15:00:00Z', to: '2026-11-25T15:01:30Z' },
  { market: 'US stock', symbol: 'AAPL.US', from: '2026-11-25T15:00:00Z', to: '2026-11-25T15:01:30Z' },
  { market: 'HK stock', symbol: '700.HK', from: '2026-11-25T02:45:00Z', to: '2026-11-25T02:46:30Z' },
  { market: 'A-share', symbol: '600519.SH', from: '2026-11-25T02:45:00Z', to: '2026-11-25T02:46:30Z' },
  { market: 'crypto', symbol: 'BTCUSDT', from: '2026-11-25T02:45:00Z', to: '2026-11-25T02:46:30Z' },
  { market: 'China futures', symbol: 'RB2701', from: '2026-11-25T02:45:00Z', to: '2026-11-25T02:46:30Z' },
] as const;
type Market = (typeof MARKETS)[number]['market'];

const BASE = ['symbol', 'type', 'last_price', 'timestamp'];
const STATISTICS = ['volume_24h', 'high_24h', 'low_24h'];
const CHANGE = ['price_change_24h', 'price_change_percent_24h'];
const TICKER_FIELDS: Record<Market, string[]> = {
  index: BASE,
  forex: [...BASE, 'ask_price', 'bid_price', 'spread'],
  metal: [...BASE, 'ask_price', 'bid_price', 'spread'],
  'US stock': [...BASE, ...STATISTICS],
  'HK stock': [...BASE, ...STATISTICS],
  'A-share': [...BASE, ...STATISTICS, ...CHANGE],
  crypto: [...BASE, ...STATISTICS, ...CHANGE],
  'China futures': [...BASE, 'bid_price', 'ask_price', ...STATISTICS],
};
const BOOK_MARKETS = MARKETS.filter(({ market }) => !['index', 'forex', 'metal'].includes(market));
const ARRAY_FORM: ReadonlySet<Market> = new Set(['US stock', 'HK stock', 'crypto']);

interface HttpTrade {
  id: string;
  price: string;
  quantity: string;
  side: string;
  timestamp: number;
  open_interest_change?: number;
  position_effect?: string;
}

async function httpTicker(sim: Simulator, symbol: string): Promise<Record<string, unknown>> {
  const answer = await getJson<{ data: Record<string, unknown>[] }>(sim, `/v1/market/ticker?symbols=${symbol}`);
  return answer.body.data[0] ?? {};
}

async function httpTrades(sim: Simulator, symbol: string): Promise<HttpTrade[]> {
  return (await getJson<{ data: { trades: HttpTrade[] } }>(sim, `/v1/market/trades?symbol=${symbol}&limit=1000`)).body.data.trades;
}

/** Trade pushes flattened to one entry per trade (array form or fields under data). */
function pushedTrades(frames: Frame[]): Record<string, unknown>[] {
  return frames
    .filter((frame) => frame.cmd === 'trade')
    .flatMap((frame) => {
      const { symbol: _symbol, type: _type, trades, ...single } = frame.data ?? {};
      return Array.isArray(trades) ? trades : [single];
    });
}

describe('ticker channel', () => {
  it.each(MARKETS)('$market ($symbol): the ticker.mdx fields, valid tickerData, equal to the HTTP ticker', async ({ market, symbol, from, to }) => {
    const sim = realtimeSimulator(from);
    const client = new FakeClient(sim);
    const [ack, snapshot] = client.subscribe('ticker', [symbol]);
    expect(ack?.code).toBe(0);
    expect(snapshot?.cmd).toBe('ticker');
    expect(schemaErrors('tickerData', snapshot)).toEqual([]);
    expect(Object.keys(snapshot?.data ?? {}).sort()).toEqual([...TICKER_FIELDS[market]].sort());
    await expectSameAsHttp(sim, snapshot as Frame);

    advanceAndPush(sim, to);
    const [update, ...rest] = client.take();
    expect(rest).toEqual([]);
    expect(update?.cmd).toBe('ticker');
    expect(update?.data?.timestamp).toBeGreaterThan(snapshot?.data?.timestamp ?? Infinity);
    expect(schemaErrors('tickerData', update)).toEqual([]);
    await expectSameAsHttp(sim, update as Frame);
  });

  async function expectSameAsHttp(sim: Simulator, frame: Frame): Promise<void> {
    const http = await httpTicker(sim, frame.data?.symbol ?? '');
    for (const [field, value] of Object.entries(frame.data ?? {})) {
      if (field === 'spread') expect(Number(value)).toBeCloseTo(Number(http.ask_price) - Number(http.bid_price), 8);
      else expect(value, field).toEqual(http[field]);
    }
  }

  it('pushes only on change: nothing while the clock stands still, nothing once the market has shut', () => {
    const sim = realtimeSimulator('2026-11-25T07:55:00Z'); // HK closes at 08:00Z
    const client = new FakeClient(sim);
    client.subscribe('ticker', ['700.HK']);
    sim.realtime.pushNow();
    expect(client.take()).toEqual([]);
    advanceAndPush(sim, '2026-11-25T08:10:00Z');
    expect(client.take().map((frame) => frame.cmd)).toEqual(['ticker']); // the close
    for (const later of ['2026-11-25T08:20:00Z', '2026-11-25T12:00:00Z', '2026-11-25T23:00:00Z']) {
      advanceAndPush(sim, later);
      expect(client.take()).toEqual([]);
    }
  });

  it("a US stock in the pre-market pushes the session's figures with trade_session, equal to the HTTP pre_market_quote", async () => {
    const sim = realtimeSimulator('2026-11-25T13:00:00Z'); // 08:00 in New York
    const client = new FakeClient(sim);
    const [, snapshot] = client.subscribe('ticker', ['AAPL.US']);
    expect(schemaErrors('tickerData', snapshot)).toEqual([]);
    const { body } = await getJson<{ data: { pre_market_quote?: Record<string, unknown> }[] }>(sim, '/v1/market/ticker?symbols=AAPL.US');
    const quote = body.data[0]?.pre_market_quote;
    expect(snapshot?.data).toMatchObject({
      trade_session: 'pre_market',
      last_price: quote?.last_done,
      high_24h: quote?.high,
      low_24h: quote?.low,
      quote_volume: quote?.quote_volume,
      timestamp: quote?.timestamp,
    });
    // The session goes on minute by minute.
    advanceAndPush(sim, '2026-11-25T13:01:30Z');
    const [update] = client.take();
    expect(update?.data).toMatchObject({ trade_session: 'pre_market' });
    expect(update?.data?.timestamp).toBeGreaterThan(snapshot?.data?.timestamp ?? Infinity);
  });

  it('fans one computation out to every holder; a late subscriber gets its own snapshot', () => {
    const sim = realtimeSimulator('2026-11-25T15:00:00Z');
    const first = new FakeClient(sim);
    first.subscribe('ticker', ['AAPL.US']);
    advanceAndPush(sim, '2026-11-25T15:00:40Z');
    const second = new FakeClient(sim);
    const [, snapshot] = second.subscribe('ticker', ['AAPL.US']);
    expect(snapshot).toEqual(first.take()[0]);
    advanceAndPush(sim, '2026-11-25T15:01:20Z');
    const a = first.take();
    expect(a).toHaveLength(1);
    expect(second.take()).toEqual(a);
  });
});

describe('depth channel', () => {
  it.each(BOOK_MARKETS)('$market ($symbol): valid depthData, the HTTP book, pushed again when it changes', async ({ symbol, from, to }) => {
    const sim = realtimeSimulator(from);
    const client = new FakeClient(sim);
    const [ack, snapshot] = client.subscribe('depth', [symbol]);
    expect(ack?.code).toBe(0);
    expect(schemaErrors('depthData', snapshot)).toEqual([]);
    expect(snapshot?.data?.bids).toHaveLength(10);
    expect(snapshot?.data?.asks).toHaveLength(10);
    const http = await getJson<{ data: unknown }>(sim, `/v1/market/depth?symbol=${symbol}`);
    expect(snapshot?.data).toEqual(http.body.data);
    sim.realtime.pushNow();
    expect(client.take()).toEqual([]); // unchanged at the same instant
    advanceAndPush(sim, to);
    const [update] = client.take();
    expect(update?.cmd).toBe('depth');
    expect(schemaErrors('depthData', update)).toEqual([]);
    expect((await getJson<{ data: unknown }>(sim, `/v1/market/depth?symbol=${symbol}`)).body.data).toEqual(update?.data);
  });

  it('does not push a shut market again (the clock in the timestamp is not a change)', () => {
    const sim = realtimeSimulator('2026-11-25T10:00:00Z'); // HK shut
    const client = new FakeClient(sim);
    expect(client.subscribe('depth', ['700.HK']).map((frame) => frame.cmd)).toEqual(['subscribe', 'depth']);
    for (const later of ['2026-11-25T10:00:01Z', '2026-11-25T11:00:00Z']) {
      advanceAndPush(sim, later);
      expect(client.take()).toEqual([]);
    }
  });
});

describe('trade channel', () => {
  it.each(BOOK_MARKETS)('$market ($symbol): valid tradeData in its form, exactly the HTTP trades after subscribing', async ({ market, symbol, from, to }) => {
    const sim = realtimeSimulator(from);
    const client = new FakeClient(sim);
    expect(client.subscribe('trade', [symbol]).map((frame) => frame.code)).toEqual([0]); // no snapshot
    const middle = (Date.parse(from) + Date.parse(to)) / 2;
    advanceAndPush(sim, middle);
    advanceAndPush(sim, to);
    const frames = client.take();
    expect(frames.length).toBeGreaterThan(0);
    for (const frame of frames) {
      expect(schemaErrors('tradeData', frame)).toEqual([]);
      expect(frame.data?.symbol).toBe(symbol);
      expect(Array.isArray(frame.data?.trades)).toBe(ARRAY_FORM.has(market));
    }
    if (ARRAY_FORM.has(market)) expect(frames.length).toBeLessThanOrEqual(2); // one message per round
    const expected = (await httpTrades(sim, symbol))
      .filter((trade) => trade.timestamp > Date.parse(from))
      .map((trade) => {
        if (ARRAY_FORM.has(market)) return trade;
        const { id: _id, ...single } = trade;
        return single;
      });
    expect(expected.length).toBeGreaterThan(3);
    expect(pushedTrades(frames)).toEqual(expected);
  });

  it('gives a later subscriber of the same topic only the trades after its own subscription', async () => {
    const sim = realtimeSimulator('2026-11-25T02:15:00Z');
    const early = new FakeClient(sim);
    early.subscribe('trade', ['BTCUSDT']);
    advanceAndPush(sim, '2026-11-25T02:15:30Z');
    sim.clock.set({ now: Date.parse('2026-11-25T02:15:45Z') });
    const late = new FakeClient(sim);
    late.subscribe('trade', ['BTCUSDT']);
    advanceAndPush(sim, '2026-11-25T02:16:30Z');
    const all = await httpTrades(sim, 'BTCUSDT');
    const lateTrades = pushedTrades(late.take());
    expect(lateTrades).toEqual(all.filter((trade) => trade.timestamp > Date.parse('2026-11-25T02:15:45Z')));
    expect(pushedTrades(early.take())).toEqual(all.filter((trade) => trade.timestamp > Date.parse('2026-11-25T02:15:00Z')));
  });

  it('pushes nothing while the market is shut', () => {
    const sim = realtimeSimulator('2026-11-25T10:00:00Z');
    const client = new FakeClient(sim);
    client.subscribe('trade', ['700.HK', '600519.SH']);
    advanceAndPush(sim, '2026-11-25T12:00:00Z');
    expect(client.take()).toEqual([]);
  });

  it('catches up after a clock jump with the most recent trades only', async () => {
    const sim = realtimeSimulator('2026-11-25T02:00:00Z');
    const client = new FakeClient(sim);
    client.subscribe('trade', ['BTCUSDT']);
    advanceAndPush(sim, '2026-11-25T06:00:00Z');
    const pushed = pushedTrades(client.take());
    expect(pushed).toHaveLength(1000);
    expect(pushed).toEqual(await httpTrades(sim, 'BTCUSDT'));
  });
});
