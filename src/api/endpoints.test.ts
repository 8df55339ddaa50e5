// The twelve endpoint functions against the real simulator, in process.
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { isAmbiguousSymbol } from './api-error';
import { fetchExFactors, fetchKlineIntervals, fetchKlines, fetchLatestKlines } from './kline-endpoints';
import { fetchHkTickers, fetchIntraday, fetchTickers, fetchTrades } from './quote-endpoints';
import { fetchStockInfo, fetchSymbols, fetchTradeDays, fetchTradingSessions } from './reference-endpoints';
import { createApiClient, type ApiClient } from './client';
import { answerAs, rejectionOf, startSimulator, type SimHandle } from './sim-fetch.test-support';

let sim: SimHandle;
let api: ApiClient;

beforeAll(() => {
  sim = startSimulator('2026-11-25T15:00:00Z');
});

beforeEach(() => {
  api = createApiClient();
});

afterEach(() => {
  vi.unstubAllGlobals();
  sim.faults.reset();
});

describe('endpoints on the simulator', () => {
  it('fetchSymbols: products, summary and pagination', async () => {
    answerAs(sim);
    const list = await fetchSymbols(api, { market: 'HK', type: 'stock', limit: 5, offset: 10 });
    expect(list.products).toHaveLength(5);
    expect(list.products.every((p) => p.market === 'HK' && p.type === 'stock')).toBe(true);
    expect(list.pagination).toMatchObject({ limit: 5, offset: 10, count: 5 });
    expect(list.summary.total_products).toBeGreaterThan(2000);
  });

  it('fetchKlines: one series, ascending, with end_time paging; futures carry open interest', async () => {
    const calls = answerAs(sim);
    const series = await fetchKlines(api, { symbol: 'AAPL.US', interval: '1d', limit: 3, endTime: Date.UTC(2026, 10, 20), adjust: 'none' });
    expect(calls[0]).toBe('/v1/market/kline?symbol=AAPL.US&interval=1d&limit=3&end_time=1795132800000&adjust=none');
    expect(series).toMatchObject({ symbol: 'AAPL.US', interval: '1d' });
    const times = series.klines.map((k) => k.time);
    expect(times).toHaveLength(3);
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    expect(times.every((t) => t <= Date.UTC(2026, 10, 20))).toBe(true);
    const futures = await fetchKlines(api, { symbol: 'AG2612', interval: '1h', limit: 2 });
    expect(futures.klines[0]?.open_interest).toBeDefined();
    expect(futures.klines[0]?.quote_volume).toBeUndefined();
  });

  it('fetchLatestKlines: one series per symbol, 3m included', async () => {
    answerAs(sim);
    const latest = await fetchLatestKlines(api, { symbols: ['AAPL.US', '700.HK'], interval: '3m' });
    expect(latest.map((s) => s.symbol)).toEqual(['AAPL.US', '700.HK']);
    expect(latest[0]?.klines[0]?.time ?? 0).toBe(Date.UTC(2026, 10, 25, 15, 0));
  });

  it("fetchLatestKlines: the endpoint's {code: 400} is normalised to 2001", async () => {
    answerAs(sim);
    const error = await rejectionOf(fetchLatestKlines(api, { symbols: [], interval: '1m' }));
    expect(error).toMatchObject({ kind: 'api', code: 2001, rawCode: 400, status: 400 });
  });

  it('fetchTrades: futures trades carry open-interest change and position effect', async () => {
    answerAs(sim);
    const trades = await fetchTrades(api, { symbol: 'AG2612', limit: 5 });
    expect(trades.trades).toHaveLength(5);
    expect(trades.trades[0]?.position_effect).toBeDefined();
    expect(typeof trades.trades[0]?.open_interest_change).toBe('number');
  });

  it('fetchTickers and fetchIntraday; AMBIGUOUS_SYMBOL is recognised', async () => {
    answerAs(sim);
    const tickers = await fetchTickers(api, { symbols: ['AAPL.US', 'BTCUSDT', 'EURUSD'] });
    expect(tickers.map((t) => t.symbol)).toEqual(['AAPL.US', 'BTCUSDT', 'EURUSD']);
    expect(Number(tickers[0]?.last_price)).toBeGreaterThan(0);
    const intraday = await fetchIntraday(api, { symbols: ['AAPL.US'] });
    expect(intraday[0]?.lines.length).toBeGreaterThan(0);
    expect(isAmbiguousSymbol(await rejectionOf(fetchTickers(api, { symbols: ['BTCUSD'] })))).toEqual({ symbol: 'BTCUSD', types: ['crypto', 'forex'] });
  });

  it('fetchHkTickers: the whole market, bare codes', async () => {
    answerAs(sim);
    const all = await fetchHkTickers(api);
    expect(all.length).toBeGreaterThan(2500);
    expect(all.some((t) => t.symbol === '700')).toBe(true);
  });

  it('fetchStockInfo, fetchTradingSessions, fetchKlineIntervals, fetchTradeDays (no message in the envelope)', async () => {
    answerAs(sim);
    const info = await fetchStockInfo(api, { symbols: ['AAPL.US', '600519.SH'] });
    expect(info[0]?.name_en).toBe('Apple');
    expect(info[1]?.board).toBeDefined();
    const sessions = await fetchTradingSessions(api);
    expect(sessions.map((s) => s.market)).toEqual(['US', 'HK', 'CN']);
    expect((await fetchKlineIntervals(api)).intervals).toContain('3m');
    const days = await fetchTradeDays(api, { market: 'US', begDay: '20261101', endDay: '20261130' });
    expect(days.trade_days).toContain('20261125');
    expect(days.half_trade_days).toEqual(['20261127']);
  });

  it('fetchExFactors: factors keyed by symbol; 1004 on a plan without them', async () => {
    answerAs(sim);
    const factors = await fetchExFactors(api, { symbols: ['AAPL.US', '700.HK'] });
    expect(factors['AAPL.US']?.length).toBeGreaterThan(0);
    expect(new Set(factors['700.HK']?.map((f) => f.adjust))).toEqual(new Set(['forward', 'backward']));
    answerAs(sim, 'demo-free');
    expect(await rejectionOf(fetchExFactors(api, { symbols: ['AAPL.US'] }))).toMatchObject({ kind: 'api', code: 1004, status: 403 });
  });

  it('a cut-short body is malformed; an injected 3001 carries Retry-After', async () => {
    answerAs(sim);
    sim.faults.update({ malformedRate: 1 });
    expect(await rejectionOf(fetchKlineIntervals(api))).toMatchObject({ kind: 'malformed', status: 200 });
    sim.faults.update({ malformedRate: 0, errorRate: 1, errorCodes: [3001], retryAfterSeconds: 4 });
    expect(await rejectionOf(fetchKlineIntervals(api))).toMatchObject({ kind: 'api', code: 3001, status: 429, retryAfterMs: 4000 });
  });
});
