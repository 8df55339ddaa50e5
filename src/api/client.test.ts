import { afterEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { ApiError, isAmbiguousSymbol } from './api-error';
import { apiGet, buildUrl, onRequestSettled, type RequestEvent } from './client';

function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
}

function stubFetch(response: Response | (() => Promise<Response>)) {
  const mock = vi.fn((_input: RequestInfo | URL, _init?: RequestInit) => (typeof response === 'function' ? response() : Promise.resolve(response)));
  vi.stubGlobal('fetch', mock);
  return mock;
}

const schema = z.object({ value: z.number() });

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error: unknown = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('apiGet', () => {
  it('GETs the same-origin path with its parameters, without any key, and returns the parsed data', async () => {
    const mock = stubFetch(jsonResponse(200, { code: 0, message: 'success', data: { value: 1, extra: 'ignored' } }));
    await expect(apiGet('/v1/market/ticker', { symbols: 'AAPL.US,700.HK', type: undefined, limit: 5 }, schema)).resolves.toEqual({ value: 1 });
    const [url, init] = mock.mock.calls[0] ?? [];
    expect(url).toBe('/v1/market/ticker?symbols=AAPL.US%2C700.HK&limit=5');
    const headers = new Headers(init?.headers);
    expect(headers.has('X-API-Key')).toBe(false);
    expect(url).not.toMatch(/api_key/i);
  });

  it('turns an error envelope into an ApiError with code, status, message and Retry-After', async () => {
    stubFetch(jsonResponse(429, { code: 3001, message: 'Rate limit exceeded' }, { 'Retry-After': '2' }));
    const error = await failure(apiGet('/v1/market/ticker', {}, schema));
    expect(error).toMatchObject({ kind: 'api', code: 3001, rawCode: 3001, status: 429, retryAfterMs: 2000, message: 'Rate limit exceeded', path: '/v1/market/ticker' });
  });

  it("normalises the latest endpoint's {code: 400} to 2001 and {code: 401} to 1001, keeping rawCode", async () => {
    stubFetch(jsonResponse(400, { code: 400, message: 'Invalid parameters' }));
    expect(await failure(apiGet('/v1/market/kline/latest', {}, schema))).toMatchObject({ code: 2001, rawCode: 400, status: 400 });
    stubFetch(jsonResponse(401, { code: 401, message: 'Unauthorized' }));
    expect(await failure(apiGet('/v1/market/kline/latest', {}, schema))).toMatchObject({ code: 1001, rawCode: 401, status: 401 });
  });

  it('keeps the name and data of AMBIGUOUS_SYMBOL', async () => {
    stubFetch(
      jsonResponse(400, {
        code: 2001,
        message: 'Invalid parameter: AMBIGUOUS_SYMBOL: BTCUSD is listed as crypto and forex; pass type',
        error: 'AMBIGUOUS_SYMBOL',
        data: { symbol: 'BTCUSD', types: ['crypto', 'forex'] },
      }),
    );
    const error = await failure(apiGet('/v1/market/ticker', {}, schema));
    expect(error.errorName).toBe('AMBIGUOUS_SYMBOL');
    expect(isAmbiguousSymbol(error)).toEqual({ symbol: 'BTCUSD', types: ['crypto', 'forex'] });
  });

  it('reports a body that is not JSON, or does not match the schema, as malformed', async () => {
    stubFetch(new Response('{"code":0,"message":"succ', { status: 200 }));
    expect(await failure(apiGet('/v1/market/ticker', {}, schema))).toMatchObject({ kind: 'malformed', status: 200, code: undefined });
    stubFetch(jsonResponse(200, { code: 0, message: 'success', data: { value: 'one' } }));
    const error = await failure(apiGet('/v1/market/ticker', {}, schema));
    expect(error.kind).toBe('malformed');
    expect(error.message).toContain('value');
    stubFetch(jsonResponse(200, { nothing: true }));
    expect((await failure(apiGet('/v1/market/ticker', {}, schema))).kind).toBe('malformed');
  });

  it('reports an HTTP error without an envelope as http, and a failed fetch as network', async () => {
    stubFetch(new Response('<html>Bad gateway</html>', { status: 502 }));
    expect(await failure(apiGet('/v1/market/ticker', {}, schema))).toMatchObject({ kind: 'http', status: 502, code: undefined });
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await failure(apiGet('/v1/market/ticker', {}, schema))).toMatchObject({ kind: 'network', status: 0 });
  });

  it('lets an abort through as it is, unreported', async () => {
    const events: RequestEvent[] = [];
    const off = onRequestSettled((event) => events.push(event));
    const controller = new AbortController();
    controller.abort();
    stubFetch(() => Promise.reject(new DOMException('aborted', 'AbortError')));
    await expect(apiGet('/v1/market/ticker', {}, schema, { signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
    off();
    expect(events).toEqual([]);
  });
});

describe('onRequestSettled', () => {
  it('reports every settled request with status, code, latency, source and Retry-After, until unsubscribed', async () => {
    const events: RequestEvent[] = [];
    const off = onRequestSettled((event) => events.push(event));
    stubFetch(jsonResponse(200, { code: 0, message: 'success', data: { value: 1 } }, { 'X-Chartroom-Source': 'simulator', 'X-Chartroom-Clock': '1795618800000' }));
    await apiGet('/v1/market/ticker', {}, schema);
    stubFetch(jsonResponse(429, { code: 3001, message: 'Rate limit exceeded' }, { 'X-Chartroom-Source': 'upstream', 'Retry-After': '3' }));
    await failure(apiGet('/v1/market/trades', {}, schema));
    off();
    stubFetch(jsonResponse(200, { code: 0, message: 'success', data: { value: 1 } }));
    await apiGet('/v1/market/ticker', {}, schema);

    expect(events).toHaveLength(2);
    expect(events[0]).toMatchObject({ path: '/v1/market/ticker', ok: true, status: 200, code: 0, source: 'simulator', serverTime: 1795618800000 });
    expect(events[1]).toMatchObject({ path: '/v1/market/trades', ok: false, status: 429, code: 3001, errorKind: 'api', source: 'upstream', retryAfterMs: 3000 });
    for (const event of events) {
      expect(event.latencyMs).toBeGreaterThanOrEqual(0);
      expect(Math.abs(event.at - Date.now())).toBeLessThan(5_000);
    }
  });

  it('keeps going when a listener throws', async () => {
    const seen: string[] = [];
    const offBad = onRequestSettled(() => {
      throw new Error('listener bug');
    });
    const offGood = onRequestSettled((event) => seen.push(event.path));
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubFetch(jsonResponse(200, { code: 0, message: 'success', data: { value: 1 } }));
    await expect(apiGet('/v1/market/ticker', {}, schema)).resolves.toEqual({ value: 1 });
    offBad();
    offGood();
    consoleError.mockRestore();
    expect(seen).toEqual(['/v1/market/ticker']);
  });
});

describe('buildUrl', () => {
  it('leaves out undefined parameters and the question mark when there are none', () => {
    expect(buildUrl('/v1/market/intervals/kline', {})).toBe('/v1/market/intervals/kline');
    expect(buildUrl('/v1/market/trade-days', { market: 'US', beg_day: '20261101', end_day: undefined })).toBe('/v1/market/trade-days?market=US&beg_day=20261101');
  });
});
