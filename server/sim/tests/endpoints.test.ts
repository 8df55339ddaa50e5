/** Every endpoint of the contract answers, and every parameter rule fails with its own code. */
import { describe, expect, it } from 'vitest';
import { gunzipSync } from 'node:zlib';
import { frozenSimulator, getJson } from '../test-support.ts';

const sim = frozenSimulator('2026-11-25T15:00:00Z');

async function code(path: string, key: string | null = 'demo-enterprise'): Promise<[number, number, string]> {
  const answer = await getJson<{ code: number; message: string }>(sim, path, key);
  return [answer.status, answer.body.code, answer.body.message];
}

describe('successful answers', () => {
  it('lists products with filters, summary and paging', async () => {
    const answer = await getJson<{
      data: {
        products: { market: string; type: string }[];
        summary: { total_products: number; by_market: Record<string, number> };
        pagination: { total: number; count: number; limit: number; offset: number };
      };
    }>(sim, '/v1/symbols/available?market=hk&type=stock&limit=50&offset=100');
    const { products, summary, pagination } = answer.body.data;
    expect(products).toHaveLength(50);
    expect(products.every((p) => p.market === 'HK' && p.type === 'stock')).toBe(true);
    expect(pagination).toMatchObject({ limit: 50, offset: 100, count: 50 });
    expect(pagination.total).toBeGreaterThan(2_400);
    expect(Object.values(summary.by_market).reduce((a, b) => a + b, 0)).toBe(summary.total_products);
    const cn = await getJson<{ data: { products: { type: string }[] } }>(sim, '/v1/symbols/available?market=CN&limit=1000');
    expect(new Set(cn.body.data.products.map((p) => p.type))).toEqual(new Set(['stock', 'futures']));
  });

  it('answers the HK full market compressed, with a matching Content-Encoding', async () => {
    const response = await sim.app.request('/v1/market/ticker/hk-stock', { headers: { 'X-API-Key': 'demo-hk', 'Accept-Encoding': 'gzip' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe('gzip');
    const body = JSON.parse(gunzipSync(Buffer.from(await response.arrayBuffer())).toString()) as { data: { symbol: string; type: string }[] };
    expect(body.data.length).toBeGreaterThan(2_400);
    expect(body.data.some((row) => row.symbol === '700' && row.type === 'stock')).toBe(true);
    expect(body.data.some((row) => row.type === 'indices')).toBe(true);
    const brotli = await sim.app.request('/v1/market/ticker/hk-stock', { headers: { 'X-API-Key': 'demo-hk', 'Accept-Encoding': 'br' } });
    expect(brotli.headers.get('content-encoding')).toBe('br');
  });

  it('accepts 00700.HK as 700.HK and echoes the requested form', async () => {
    const answer = await getJson<{ data: { symbol: string; last_price: string }[] }>(sim, '/v1/market/ticker?symbols=00700.HK,700.HK');
    expect(answer.body.data.map((t) => t.symbol)).toEqual(['00700.HK', '700.HK']);
    expect(answer.body.data[0]?.last_price).toBe(answer.body.data[1]?.last_price);
  });

  it('answers trading sessions per market, case-insensitive', async () => {
    const answer = await getJson<{ data: { market: string; trading_sessions: { begin_time: number; end_time: number; trade_session?: number }[] }[] }>(
      sim,
      '/v1/market/trading-sessions?market=us',
    );
    expect(answer.body.data).toHaveLength(1);
    expect(answer.body.data[0]?.trading_sessions).toContainEqual({ begin_time: 930, end_time: 1600 });
    expect(answer.body.data[0]?.trading_sessions).toContainEqual({ begin_time: 400, end_time: 930, trade_session: 1 });
    const all = await getJson<{ data: { market: string }[] }>(sim, '/v1/market/trading-sessions');
    expect(all.body.data.map((m) => m.market)).toEqual(['US', 'HK', 'CN']);
  });

  it('answers the trading calendar with code and data only', async () => {
    const answer = await getJson<{ code: number; message?: string; data: { market: string; trade_days: string[]; half_trade_days: string[] } }>(
      sim,
      '/v1/market/trade-days?market=us&beg_day=20261101&end_day=20261130',
    );
    expect(answer.body).not.toHaveProperty('message');
    expect(answer.body.data.market).toBe('US');
    expect(answer.body.data.trade_days).not.toContain('20261126');
    expect(answer.body.data.trade_days).not.toContain('20261127');
    expect(answer.body.data.half_trade_days).toEqual(['20261127']);
    expect(answer.body.data.trade_days).toHaveLength(19);
  });

  it('answers periods, stock info and intraday', async () => {
    const periods = await getJson<{ data: { count: number; intervals: string[] } }>(sim, '/v1/market/intervals/kline');
    expect(periods.body.data.intervals).toEqual(['1m', '3m', '5m', '15m', '30m', '1h', '2h', '4h', '1d', '1w', '1M']);
    expect(periods.body.data.count).toBe(11);
    const info = await getJson<{ data: Record<string, unknown>[] }>(sim, '/v1/market/stock-info?symbols=700.HK,AAPL.US,000001.SZ,EURUSD');
    expect(info.body.data.map((entry) => entry.symbol)).toEqual(['700.HK', 'AAPL.US', '000001.SZ']);
    expect(info.body.data[0]).toMatchObject({ currency: 'HKD', exchange: 'SEHK' });
    expect(typeof info.body.data[0]?.lot_size).toBe('number');
    expect(info.body.data[2]).not.toHaveProperty('name_en');
    expect(info.body.data[2]).toHaveProperty('board');
    const intraday = await getJson<{ data: { lines: unknown[] }[] }>(sim, '/v1/market/intraday?symbols=AAPL.US,MSFT.US');
    expect(intraday.body.data).toHaveLength(2);
    expect(intraday.body.data[0]?.lines.length).toBe(31); // 09:30 … 10:00 New York
  });

  it('3m exists only on the latest endpoint', async () => {
    expect((await code('/v1/market/kline?symbol=AAPL.US&interval=3m'))[1]).toBe(2001);
    const latest = await getJson<{ code: number; data: { interval: string; klines: { time: number }[] }[] }>(
      sim,
      '/v1/market/kline/latest?symbols=AAPL.US&interval=3m',
    );
    expect(latest.body.code).toBe(0);
    expect(latest.body.data[0]?.klines[0]?.time).toBe(Date.parse('2026-11-25T15:00:00Z') - 0);
  });
});

describe('access (§5)', () => {
  it.each([
    [null, 401, 1002],
    ['nope', 401, 1001],
    ['demo-expired', 401, 1001],
    ['demo-whitelist', 403, 1003],
  ])('key %s → HTTP %i code %i', async (key, status, expected) => {
    const [httpStatus, body] = await code('/v1/market/ticker?symbols=AAPL.US', key);
    expect([httpStatus, body]).toEqual([status, expected]);
  });

  it('gates ex-factors and the HK full market by plan (1004)', async () => {
    expect(await code('/v1/market/kline/ex-factors?symbols=AAPL.US', 'demo-free')).toEqual([403, 1004, expect.any(String)]);
    expect((await code('/v1/market/kline/ex-factors?symbols=AAPL.US', 'demo-starter'))[1]).toBe(0);
    for (const key of ['demo-free', 'demo-starter', 'demo-pro', 'demo-cn', 'demo-us']) {
      expect((await code('/v1/market/ticker/hk-stock', key))[1]).toBe(1004);
    }
    expect((await code('/v1/market/stock-info?symbols=AAPL.US', 'demo-free'))[1]).toBe(0);
  });

  it('rate-limits per key with Retry-After (3001) and enforces the quota (3002)', async () => {
    const limited = frozenSimulator('2026-11-25T15:00:00Z', { limits: { ratePerMinute: 3 } });
    for (let i = 0; i < 3; i++) expect((await getJson(limited, '/v1/market/intervals/kline')).status).toBe(200);
    const refused = await getJson<{ code: number }>(limited, '/v1/market/intervals/kline');
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe(3001);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect((await getJson(limited, '/v1/market/intervals/kline', 'demo-pro')).status).toBe(200);
    const quota = frozenSimulator('2026-11-25T15:00:00Z', { limits: { monthlyQuota: 1 } });
    expect((await getJson(quota, '/v1/market/intervals/kline')).status).toBe(200);
    const exhausted = await getJson<{ code: number }>(quota, '/v1/market/intervals/kline');
    expect([exhausted.status, exhausted.body.code]).toEqual([403, 3002]);
  });
});

describe('parameter rules (§4, §7, §8)', () => {
  it.each([
    ['/v1/market/kline?interval=1m', 400, 2001],
    ['/v1/market/kline?symbol=AAPL.US', 400, 2001],
    ['/v1/market/kline?symbol=AAPL.US&interval=7m', 400, 2001],
    ['/v1/market/kline?symbol=AAPL.US&interval=1m&limit=abc', 400, 2001],
    ['/v1/market/kline?symbol=AAPL.US&interval=1m&limit=0', 400, 2001],
    ['/v1/market/kline?symbol=AAPL.US&interval=1m&limit=1001', 400, 2004],
    ['/v1/market/kline?symbol=AAPL.US&interval=1m&start_time=5&end_time=4', 400, 2003],
    ['/v1/market/kline?symbol=AAPL.US&interval=1m&start_time=yesterday', 400, 2003],
    ['/v1/market/kline?symbol=AAPL.US&interval=1m&adjust=sideways', 400, 2001],
    ['/v1/market/kline?symbol=NOPE.US&interval=1m', 404, 2002],
    ['/v1/market/kline?symbol=AAPL.US&interval=1m&type=crypto', 404, 2002],
    ['/v1/market/kline?symbol=AAPL.US&interval=1m&type=bonds', 400, 2001],
    ['/v1/market/trades?symbol=AAPL.US&limit=5000', 400, 2004],
    ['/v1/market/trades?symbol=EURUSD', 400, 2001],
    [`/v1/market/ticker?symbols=${Array.from({ length: 51 }, (_, i) => `S${i}.US`).join(',')}`, 400, 2004],
    ['/v1/market/ticker?symbols=AAPL.US,,MSFT.US', 400, 2001],
    ['/v1/market/ticker?symbols=NOPE1.US,NOPE2.US', 404, 2002],
    [`/v1/market/intraday?symbols=${Array.from({ length: 51 }, (_, i) => `S${i}.US`).join(',')}`, 400, 2004],
    [`/v1/market/stock-info?symbols=${Array.from({ length: 501 }, (_, i) => `S${i}.US`).join(',')}`, 400, 2004],
    ['/v1/market/stock-info?symbols=AAPL.US&type=futures', 400, 2001],
    ['/v1/market/intraday?symbols=AAPL.US&type=futures', 400, 2001],
    ['/v1/market/kline/ex-factors?symbols=AAPL.US&type=indices', 400, 2001],
    ['/v1/market/trading-sessions?market=GLOBAL', 400, 2001],
    ['/v1/market/trade-days?market=US&beg_day=20261101', 400, 2001],
    ['/v1/market/trade-days?market=US&beg_day=2026-11-01&end_day=20261130', 400, 2001],
    ['/v1/market/trade-days?market=US&beg_day=20261131&end_day=20261201', 400, 2001],
    ['/v1/market/trade-days?market=JP&beg_day=20261101&end_day=20261130', 400, 2001],
    ['/v1/market/trade-days?market=US&beg_day=20251101&end_day=20251130', 400, 2003],
    ['/v1/market/trade-days?market=US&beg_day=20261001&end_day=20261101', 400, 2003],
    ['/v1/market/trade-days?market=US&beg_day=20261120&end_day=20261110', 400, 2003],
    ['/v1/symbols/available?limit=1001', 400, 2004],
    ['/v1/symbols/available?offset=-1', 400, 2001],
    ['/v1/symbols/available?market=EU', 400, 2001],
  ])('%s → %i / %i', async (path, status, expected) => {
    const [httpStatus, body] = await code(path);
    expect([httpStatus, body]).toEqual([status, expected]);
  });

  it('accepts 31 days counted inclusively and a range ending in the future', async () => {
    expect((await code('/v1/market/trade-days?market=CN&beg_day=20261101&end_day=20261201'))[1]).toBe(0);
  });

  it('names AMBIGUOUS_SYMBOL (2001, HTTP 400) with the candidate types, and resolves with type', async () => {
    const answer = await getJson<{ code: number; message: string; error: string; data: { types: string[] } }>(sim, '/v1/market/ticker?symbols=BTCUSD');
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 2001, error: 'AMBIGUOUS_SYMBOL' });
    expect(answer.body.message).toContain('AMBIGUOUS_SYMBOL');
    expect(answer.body.data.types.sort()).toEqual(['crypto', 'forex']);
    expect((await code('/v1/market/ticker?symbols=BTCUSD&type=crypto'))[1]).toBe(0);
  });

  it('keeps the latest endpoint quirk: code equals the HTTP status on 400 and 401', async () => {
    expect(await code('/v1/market/kline/latest?symbols=AAPL.US&interval=9m')).toEqual([400, 400, 'Invalid parameters']);
    expect(await code('/v1/market/kline/latest?symbols=AAPL.US&interval=1m', null)).toEqual([401, 401, 'Unauthorized']);
    expect((await code('/v1/market/kline/latest?symbols=NOPE.US&interval=1m'))[1]).toBe(2002);
  });

  it('answers 405 to other methods and 404 to unknown paths, as envelopes', async () => {
    const post = await sim.app.request('/v1/market/ticker?symbols=AAPL.US', { method: 'POST', headers: { 'X-API-Key': 'demo-enterprise' } });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET');
    expect(await post.json()).toMatchObject({ code: 2001 });
    expect((await code('/v1/market/depthx'))[0]).toBe(404);
  });

  it('answers 406 for the HK full market without compression', async () => {
    const response = await sim.app.request('/v1/market/ticker/hk-stock', { headers: { 'X-API-Key': 'demo-enterprise', 'Accept-Encoding': 'identity' } });
    expect(response.status).toBe(406);
  });
});

describe('faults on demand', () => {
  it('injects each error code with its HTTP status, malformed bodies and latency, switchable at run time', async () => {
    const faulty = frozenSimulator('2026-11-25T15:00:00Z');
    const post = (body: unknown) =>
      faulty.app.request('/__sim/faults', { method: 'POST', body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } });
    for (const [injected, status] of [
      [5000, 500],
      [5001, 503],
      [5002, 503],
      [3001, 429],
    ] as const) {
      expect((await post({ errorRate: 1, errorCodes: [injected] })).status).toBe(200);
      const answer = await getJson<{ code: number }>(faulty, '/v1/market/intervals/kline');
      expect([answer.status, answer.body.code]).toEqual([status, injected]);
      if (injected === 3001) expect(answer.headers.get('retry-after')).toBe('2');
    }
    await post({ errorRate: 0, malformedRate: 1 });
    const broken = await faulty.app.request('/v1/market/intervals/kline', { headers: { 'X-API-Key': 'demo-enterprise' } });
    await expect(broken.json()).rejects.toThrow();
    await post({ malformedRate: 0, latencyMs: 150 });
    const started = Date.now();
    await getJson(faulty, '/v1/market/intervals/kline');
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    await post({ latencyMs: 0, errorRate: 1, errorCodes: [5001], paths: ['/v1/market/trades'] });
    expect((await getJson(faulty, '/v1/market/trades?symbol=AAPL.US')).status).toBe(503);
    expect((await getJson(faulty, '/v1/market/intervals/kline')).status).toBe(200);
    expect((await post({ paths: ['market/trades'] })).status).toBe(400);
    expect((await post({ errorRate: 2 })).status).toBe(400);
    expect((await post({ bogus: 1 })).status).toBe(400);
  });

  it('moves and freezes the clock through the control path', async () => {
    const s = frozenSimulator('2026-11-25T15:00:00Z');
    const set = await s.app.request('/__sim/clock', { method: 'POST', body: JSON.stringify({ now: '2026-11-25T02:00:00Z' }) });
    expect(((await set.json()) as { now: number }).now).toBe(Date.parse('2026-11-25T02:00:00Z'));
    const log = await s.app.request('/__sim/log');
    expect(Array.isArray(await log.json())).toBe(true);
  });
});
