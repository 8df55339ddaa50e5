import { gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { CACHE_FOREVER } from './cache-control.ts';
import { CACHE_HEADER } from '#shared/protocol.ts';
import { KlineCache, type UpstreamCall } from './kline-cache.ts';
import { klineWindowOf, type KlineWindow } from './kline-window.ts';

const NOW = Date.parse('2026-11-25T15:00:00Z');
const MINUTE = 60_000;
const SETTLED_END = NOW - 10 * MINUTE;

function windowFor(query: string, now = NOW): KlineWindow {
  const window = klineWindowOf('GET', `/v1/market/kline?${query}`, now);
  if (window === undefined) throw new Error(`not a window: ${query}`);
  return window;
}

function bars(lastOpen: number, count: number, interval = MINUTE): { time: number }[] {
  return Array.from({ length: count }, (_, i) => ({ time: lastOpen - (count - 1 - i) * interval }));
}

function klineBody(times: { time: number }[], code = 0): string {
  return JSON.stringify({ code, message: 'success', data: { symbol: 'AAPL.US', interval: '1m', klines: times.map((t) => ({ ...t, open: '1', close: '1' })) } });
}

/** A fake upstream counting its calls, answering `body` (optionally after `delayMs`). */
function countingUpstream(body: () => string, options: { status?: number; gzip?: boolean; delayMs?: number } = {}): UpstreamCall & { calls: Request[] } {
  const calls: Request[] = [];
  const call = async (request: Request): Promise<Response> => {
    calls.push(request);
    if (options.delayMs !== undefined) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
    const text = body();
    const headers: Record<string, string> = { 'Content-Type': 'application/json; charset=utf-8' };
    if (options.gzip === true) headers['Content-Encoding'] = 'gzip';
    return new Response(options.gzip === true ? new Uint8Array(gzipSync(text)) : text, { status: options.status ?? 200, headers });
  };
  return Object.assign(call, { calls });
}

function request(headers: Record<string, string> = { 'Accept-Encoding': 'gzip, br' }): Request {
  return new Request('http://chartroom.test/v1/market/kline', { headers });
}

async function text(response: Response): Promise<string> {
  const bytes = Buffer.from(await response.arrayBuffer());
  return (response.headers.get('content-encoding') === 'gzip' ? gunzipSync(bytes) : bytes).toString('utf8');
}

describe('KlineCache', () => {
  const settledQuery = `symbol=AAPL.US&interval=1m&limit=3&end_time=${SETTLED_END}`;
  const settledBody = klineBody(bars(SETTLED_END - MINUTE + 1, 3));

  it('answers the second identical request from the cache with zero upstream requests', async () => {
    const lookups: string[] = [];
    const cache = new KlineCache({ now: () => NOW, onLookup: (outcome) => lookups.push(outcome) });
    const upstream = countingUpstream(() => settledBody);
    const first = await cache.serve(request(), windowFor(settledQuery), upstream);
    expect(first.response.headers.get(CACHE_HEADER)).toBe('miss');
    expect(await text(first.response)).toBe(settledBody);
    const second = await cache.serve(request(), windowFor(settledQuery), upstream);
    expect(second.response.headers.get(CACHE_HEADER)).toBe('hit');
    expect(second.code).toBe(0);
    expect(await text(second.response)).toBe(settledBody);
    expect(upstream.calls).toHaveLength(1);
    expect(lookups).toEqual(['miss', 'hit']);
    expect(second.response.headers.get('cache-control')).toBe(CACHE_FOREVER);
    expect(second.response.headers.get('vary')).toBe('Accept-Encoding');
  });

  it('stores identity bytes: gzip for browsers that accept it, identity for those that do not, whatever the upstream sent', async () => {
    const cache = new KlineCache({ now: () => NOW });
    const upstream = countingUpstream(() => settledBody, { gzip: true });
    await cache.serve(request({ 'Accept-Encoding': 'br' }), windowFor(settledQuery), upstream);
    const plain = await cache.serve(request({ 'Accept-Encoding': 'identity' }), windowFor(settledQuery), upstream);
    expect(plain.response.headers.get('content-encoding')).toBeNull();
    const body = Buffer.from(await plain.response.arrayBuffer());
    expect(body.toString('utf8')).toBe(settledBody);
    expect(plain.response.headers.get('content-length')).toBe(String(body.byteLength));
    const zipped = await cache.serve(request({ 'Accept-Encoding': 'gzip' }), windowFor(settledQuery), upstream);
    expect(zipped.response.headers.get('content-encoding')).toBe('gzip');
    expect(await text(zipped.response)).toBe(settledBody);
    expect(upstream.calls).toHaveLength(1);
  });

  it('does not keep windows with an incomplete bar, error answers or unreadable bodies', async () => {
    const incomplete = klineBody(bars(NOW - 30_000, 3)); // last bar opened 30 s ago: forming
    const cases: [string, ReturnType<typeof countingUpstream>][] = [
      ['incomplete', countingUpstream(() => incomplete)],
      ['error code', countingUpstream(() => JSON.stringify({ code: 3001, message: 'Rate limit exceeded' }), { status: 429 })],
      ['code 5000 with HTTP 200', countingUpstream(() => JSON.stringify({ code: 5000, message: 'Internal server error' }))],
      ['cut short', countingUpstream(() => settledBody.slice(0, 40))],
    ];
    for (const [name, upstream] of cases) {
      const cache = new KlineCache({ now: () => NOW });
      const first = await cache.serve(request(), windowFor(settledQuery), upstream);
      const second = await cache.serve(request(), windowFor(settledQuery), upstream);
      expect(upstream.calls, name).toHaveLength(2);
      expect(second.response.headers.get(CACHE_HEADER), name).toBe('miss');
      expect(second.response.headers.get('cache-control'), name).toBe('no-store');
      expect(cache.size, name).toBe(0);
      expect(first.response.status, name).toBe(name === 'error code' ? 429 : 200);
    }
  });

  it('shares one upstream request among 20 concurrent identical misses', async () => {
    const cache = new KlineCache({ now: () => NOW });
    const upstream = countingUpstream(() => settledBody, { delayMs: 30 });
    const answers = await Promise.all(Array.from({ length: 20 }, () => cache.serve(request(), windowFor(settledQuery), upstream)));
    expect(upstream.calls).toHaveLength(1);
    for (const answer of answers) expect(await text(answer.response)).toBe(settledBody);
    expect(answers.every((answer) => answer.response.headers.get(CACHE_HEADER) === 'miss')).toBe(true);
  });

  it('shares one request for errors too, and asks again afterwards', async () => {
    const cache = new KlineCache({ now: () => NOW });
    const upstream = countingUpstream(() => JSON.stringify({ code: 5001, message: 'Data source unavailable' }), { status: 503, delayMs: 20 });
    const answers = await Promise.all(Array.from({ length: 5 }, () => cache.serve(request(), windowFor(settledQuery), upstream)));
    expect(upstream.calls).toHaveLength(1);
    expect(answers.map((answer) => [answer.response.status, answer.code])).toEqual(Array.from({ length: 5 }, () => [503, 5001]));
    await cache.serve(request(), windowFor(settledQuery), upstream);
    expect(upstream.calls).toHaveLength(2);
  });

  it('asks the upstream without the browser conditional headers (no 304 for the others)', async () => {
    const cache = new KlineCache({ now: () => NOW });
    const upstream = countingUpstream(() => settledBody);
    await cache.serve(request({ 'If-None-Match': '"abc"', 'Accept-Encoding': 'gzip' }), windowFor(settledQuery), upstream);
    expect(upstream.calls[0]?.headers.get('if-none-match')).toBeNull();
    expect(upstream.calls[0]?.headers.get('accept-encoding')).toBe('gzip');
  });

  it('evicts least recently used windows to stay within its bytes', async () => {
    const evictions: number[] = [];
    const cache = new KlineCache({ now: () => NOW, maxBytes: 3_000, onEviction: () => evictions.push(1) });
    const big = klineBody(bars(SETTLED_END - MINUTE + 1, 12));
    const upstream = countingUpstream(() => big);
    for (const symbol of ['A.US', 'B.US', 'C.US', 'D.US'])
      await cache.serve(request(), windowFor(`symbol=${symbol}&interval=1m&end_time=${SETTLED_END}`), upstream);
    expect(cache.bytes).toBeLessThanOrEqual(3_000);
    expect(evictions.length).toBeGreaterThan(0);
    expect(cache.keys().some((key) => key.includes('D.US'))).toBe(true);
    expect(cache.keys().some((key) => key.includes('A.US'))).toBe(false);
    const zero = new KlineCache({ now: () => NOW, maxBytes: 0 });
    await zero.serve(request(), windowFor(settledQuery), upstream);
    expect(zero.size).toBe(0);
  });

  it('keeps the API key out of its keys', async () => {
    const cache = new KlineCache({ now: () => NOW });
    const window = klineWindowOf('GET', `/v1/market/kline?api_key=browser-secret-9&symbol=AAPL.US&interval=1m&end_time=${SETTLED_END}`, NOW);
    if (window === undefined) throw new Error('expected a window');
    await cache.serve(
      request(),
      window,
      countingUpstream(() => settledBody),
    );
    expect(cache.keys()).toHaveLength(1);
    expect(cache.keys().join()).not.toMatch(/secret|api_key/i);
  });

  it('keeps a recent window (end_time within a bar of now) for the TTL of the data clock only', async () => {
    let now = NOW;
    const cache = new KlineCache({ now: () => now, recentTtlMs: 60_000 });
    const end = NOW - 1; // the current bar opened at NOW: the window ends with the previous one
    const query = `symbol=AAPL.US&interval=1m&end_time=${end}`;
    const upstream = countingUpstream(() => klineBody(bars(NOW - MINUTE, 3)));
    const first = await cache.serve(request(), windowFor(query), upstream);
    expect(first.response.headers.get('cache-control')).toBe('public, max-age=60');
    now += 59_000;
    expect((await cache.serve(request(), windowFor(query, now), upstream)).response.headers.get(CACHE_HEADER)).toBe('hit');
    now += 1_000;
    expect((await cache.serve(request(), windowFor(query, now), upstream)).response.headers.get(CACHE_HEADER)).toBe('miss');
    expect(upstream.calls).toHaveLength(2);
  });

  it('forgets everything on clear(), including what a flight in progress brings back', async () => {
    const cache = new KlineCache({ now: () => NOW });
    const upstream = countingUpstream(() => settledBody, { delayMs: 20 });
    await cache.serve(request(), windowFor(settledQuery), upstream);
    cache.clear();
    expect(cache.size).toBe(0);
    const inFlight = cache.serve(request(), windowFor(`${settledQuery}&x=1`), upstream);
    cache.clear();
    await inFlight;
    expect(cache.size).toBe(0);
  });
});
