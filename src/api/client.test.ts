import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as z from './schema';
import { ApiError, isAmbiguousSymbol } from './api-error';
import { buildUrl, createApiClient, DEFAULT_RATE_LIMIT_PAUSE_MS, type ApiClient, type RequestEvent } from './client';

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

/** A client of its own per test: its rate-limit gate and listeners start afresh. */
let api: ApiClient;

beforeEach(() => {
  api = createApiClient();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('api.get', () => {
  it('GETs the same-origin path with its parameters, without any key, and returns the parsed data', async () => {
    const mock = stubFetch(jsonResponse(200, { code: 0, message: 'success', data: { value: 1, extra: 'ignored' } }));
    await expect(api.get('/v1/market/ticker', { symbols: 'AAPL.US,700.HK', type: undefined, limit: 5 }, schema)).resolves.toEqual({ value: 1 });
    const [url, init] = mock.mock.calls[0] ?? [];
    expect(url).toBe('/v1/market/ticker?symbols=AAPL.US%2C700.HK&limit=5');
    const headers = new Headers(init?.headers);
    expect(headers.has('X-API-Key')).toBe(false);
    expect(url).not.toMatch(/api_key/i);
  });

  it('turns an error envelope into an ApiError with code, status, message and Retry-After', async () => {
    stubFetch(jsonResponse(429, { code: 3001, message: 'Rate limit exceeded' }, { 'Retry-After': '2' }));
    const error = await failure(api.get('/v1/market/ticker', {}, schema));
    expect(error).toMatchObject({
      kind: 'api',
      code: 3001,
      rawCode: 3001,
      status: 429,
      retryAfterMs: 2000,
      message: 'Rate limit exceeded',
      path: '/v1/market/ticker',
    });
  });

  it("normalises the latest endpoint's {code: 400} to 2001 and {code: 401} to 1001, keeping rawCode", async () => {
    stubFetch(jsonResponse(400, { code: 400, message: 'Invalid parameters' }));
    expect(await failure(api.get('/v1/market/kline/latest', {}, schema))).toMatchObject({ code: 2001, rawCode: 400, status: 400 });
    stubFetch(jsonResponse(401, { code: 401, message: 'Unauthorized' }));
    expect(await failure(api.get('/v1/market/kline/latest', {}, schema))).toMatchObject({ code: 1001, rawCode: 401, status: 401 });
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
    const error = await failure(api.get('/v1/market/ticker', {}, schema));
    expect(error.errorName).toBe('AMBIGUOUS_SYMBOL');
    expect(isAmbiguousSymbol(error)).toEqual({ symbol: 'BTCUSD', types: ['crypto', 'forex'] });
  });

  it('reports a body that is not JSON, or does not match the schema, as malformed', async () => {
    stubFetch(new Response('{"code":0,"message":"succ', { status: 200 }));
    expect(await failure(api.get('/v1/market/ticker', {}, schema))).toMatchObject({ kind: 'malformed', status: 200, code: undefined });
    stubFetch(jsonResponse(200, { code: 0, message: 'success', data: { value: 'one' } }));
    const error = await failure(api.get('/v1/market/ticker', {}, schema));
    expect(error.kind).toBe('malformed');
    expect(error.message).toContain('value');
    stubFetch(jsonResponse(200, { nothing: true }));
    expect((await failure(api.get('/v1/market/ticker', {}, schema))).kind).toBe('malformed');
  });

  it('asks the network again, past the HTTP cache, for a URL whose last answer was cut short; then trusts the cache again', async () => {
    const answers = [new Response('{"code":0,"message":"succ', { status: 200 }), jsonResponse(200, { code: 0, message: 'success', data: { value: 1 } })];
    const mock = stubFetch(() => Promise.resolve(answers.shift() ?? jsonResponse(200, { code: 0, message: 'success', data: { value: 2 } })));
    expect((await failure(api.get('/v1/market/stock-info', { symbols: 'AAPL.US' }, schema))).kind).toBe('malformed');
    // Another URL is not concerned.
    await api.get('/v1/market/stock-info', { symbols: 'MSFT.US' }, schema);
    await expect(api.get('/v1/market/stock-info', { symbols: 'AAPL.US' }, schema)).resolves.toEqual({ value: 2 });
    await api.get('/v1/market/stock-info', { symbols: 'AAPL.US' }, schema);
    expect(mock.mock.calls.map(([url, init]) => [url, init?.cache])).toEqual([
      ['/v1/market/stock-info?symbols=AAPL.US', undefined],
      ['/v1/market/stock-info?symbols=MSFT.US', undefined],
      ['/v1/market/stock-info?symbols=AAPL.US', 'reload'],
      ['/v1/market/stock-info?symbols=AAPL.US', undefined],
    ]);
  });

  it('reports an HTTP error without an envelope as http, and a failed fetch as network', async () => {
    stubFetch(new Response('<html>Bad gateway</html>', { status: 502 }));
    expect(await failure(api.get('/v1/market/ticker', {}, schema))).toMatchObject({ kind: 'http', status: 502, code: undefined });
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await failure(api.get('/v1/market/ticker', {}, schema))).toMatchObject({ kind: 'network', status: 0 });
  });

  it('lets an abort through as it is, unreported', async () => {
    const events: RequestEvent[] = [];
    const off = api.onSettled((event) => events.push(event));
    const controller = new AbortController();
    controller.abort();
    stubFetch(() => Promise.reject(new DOMException('aborted', 'AbortError')));
    await expect(api.get('/v1/market/ticker', {}, schema, { signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
    off();
    expect(events).toEqual([]);
  });
});

describe('api.onSettled', () => {
  it('reports every settled request with status, code, latency, source and Retry-After, until unsubscribed', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const events: RequestEvent[] = [];
    const off = api.onSettled((event) => events.push(event));
    stubFetch(
      jsonResponse(200, { code: 0, message: 'success', data: { value: 1 } }, { 'X-Chartroom-Source': 'simulator', 'X-Chartroom-Clock': '1795618800000' }),
    );
    await api.get('/v1/market/ticker', {}, schema);
    stubFetch(jsonResponse(429, { code: 3001, message: 'Rate limit exceeded' }, { 'X-Chartroom-Source': 'upstream', 'Retry-After': '3' }));
    await failure(api.get('/v1/market/trades', {}, schema));
    off();
    stubFetch(jsonResponse(200, { code: 0, message: 'success', data: { value: 1 } }));
    const afterOff = api.get('/v1/market/ticker', {}, schema);
    await vi.advanceTimersByTimeAsync(3_000); // the 3001 closed the gate for 3 s
    await afterOff;

    expect(events).toHaveLength(2);
    expect(events[0]).toMatchObject({ path: '/v1/market/ticker', ok: true, status: 200, code: 0, source: 'simulator', serverTime: 1795618800000 });
    expect(events[1]).toMatchObject({
      path: '/v1/market/trades',
      ok: false,
      status: 429,
      code: 3001,
      errorKind: 'api',
      source: 'upstream',
      retryAfterMs: 3000,
    });
    for (const event of events) {
      expect(event.latencyMs).toBeGreaterThanOrEqual(0);
      expect(Math.abs(event.at - Date.now())).toBeLessThan(5_000);
    }
  });

  it('keeps going when a listener throws', async () => {
    const seen: string[] = [];
    const offBad = api.onSettled(() => {
      throw new Error('listener bug');
    });
    const offGood = api.onSettled((event) => seen.push(event.path));
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubFetch(jsonResponse(200, { code: 0, message: 'success', data: { value: 1 } }));
    await expect(api.get('/v1/market/ticker', {}, schema)).resolves.toEqual({ value: 1 });
    offBad();
    offGood();
    consoleError.mockRestore();
    expect(seen).toEqual(['/v1/market/ticker']);
  });
});

describe('instances', () => {
  it("two clients keep their own gate and listeners: one's 3001 holds nothing of the other's", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const other = createApiClient();
    const seen: string[] = [];
    const off = other.onSettled((event) => seen.push(event.path));
    stubFetch(jsonResponse(429, { code: 3001, message: 'Rate limit exceeded' }, { 'Retry-After': '30' }));
    await failure(api.get('/v1/market/ticker', {}, schema));
    expect(api.rateLimitedUntil()).toBeDefined();
    expect(other.rateLimitedUntil()).toBeUndefined();
    stubFetch(jsonResponse(200, { code: 0, message: 'success', data: { value: 1 } }));
    await expect(other.get('/v1/market/trades', {}, schema)).resolves.toEqual({ value: 1 });
    off();
    expect(seen).toEqual(['/v1/market/trades']);
    expect(other.hasSettled()).toBe(true);
  });

  it('takes its transport as an option', async () => {
    const transport = vi.fn(() => Promise.resolve(jsonResponse(200, { code: 0, message: 'success', data: { value: 2 } })));
    await expect(createApiClient({ fetch: transport }).get('/v1/market/ticker', { symbols: 'A.US' }, schema)).resolves.toEqual({ value: 2 });
    expect(transport).toHaveBeenCalledWith('/v1/market/ticker?symbols=A.US', expect.anything());
  });
});

describe('buildUrl', () => {
  it('leaves out undefined parameters and the question mark when there are none', () => {
    expect(buildUrl('/v1/market/intervals/kline', {})).toBe('/v1/market/intervals/kline');
    expect(buildUrl('/v1/market/trade-days', { market: 'US', beg_day: '20261101', end_day: undefined })).toBe(
      '/v1/market/trade-days?market=US&beg_day=20261101',
    );
  });
});

describe('the rate-limit gate', () => {
  const ok = () => jsonResponse(200, { code: 0, message: 'success', data: { value: 1 } });
  const limited = (retryAfter?: string) =>
    jsonResponse(429, { code: 3001, message: 'Rate limit exceeded' }, retryAfter === undefined ? {} : { 'Retry-After': retryAfter });

  /** Fake clocks only: Response bodies still need the real setImmediate and nextTick. */
  function fakeClock(): void {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  }

  /** A fetch answering from `answers` in order, recording the fake clock at each call. */
  function scriptedFetch(answers: Array<() => Response | Promise<Response>>) {
    const sentAt: number[] = [];
    const signals: AbortSignal[] = [];
    const mock = vi.fn((_input: RequestInfo | URL, init?: RequestInit) => {
      sentAt.push(Date.now());
      if (init?.signal) signals.push(init.signal);
      const next = answers.shift();
      if (!next) return Promise.reject(new Error('no answer scripted'));
      return Promise.resolve(next());
    });
    vi.stubGlobal('fetch', mock);
    return { mock, sentAt, signals };
  }

  /** A response that never comes, except as the rejection of an abort of its signal. */
  function pendingUntilAborted(signal: AbortSignal | undefined): Promise<Response> {
    return new Promise((_resolve, reject) => {
      signal?.addEventListener('abort', () => {
        reject(signal.reason instanceof Error ? signal.reason : new DOMException('aborted', 'AbortError'));
      });
    });
  }

  it('holds every request after a 3001 until its Retry-After instant, then sends them together', async () => {
    fakeClock();
    const start = Date.now();
    const { mock, sentAt } = scriptedFetch([() => limited('2'), ok, ok, ok]);
    await failure(api.get('/v1/market/ticker', {}, schema));
    expect(api.rateLimitedUntil()).toBe(start + 2_000);

    const queued = [api.get('/v1/market/trades', {}, schema), api.get('/v1/market/kline', {}, schema), api.get('/v1/market/intraday', {}, schema)];
    await vi.advanceTimersByTimeAsync(1_999);
    expect(mock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(Promise.all(queued)).resolves.toEqual([{ value: 1 }, { value: 1 }, { value: 1 }]);
    expect(sentAt).toEqual([start, start + 2_000, start + 2_000, start + 2_000]);
    expect(api.rateLimitedUntil()).toBeUndefined();
  });

  it('pauses a default second after a 3001 without Retry-After, and closes on a bare 429 too', async () => {
    fakeClock();
    const start = Date.now();
    const { sentAt } = scriptedFetch([
      () => limited(),
      ok,
      () => new Response('<html>Too many requests</html>', { status: 429, headers: { 'Retry-After': '3' } }),
      ok,
    ]);
    await failure(api.get('/v1/market/ticker', {}, schema));
    const second = api.get('/v1/market/ticker', {}, schema);
    await vi.advanceTimersByTimeAsync(DEFAULT_RATE_LIMIT_PAUSE_MS);
    await second;
    expect(await failure(api.get('/v1/market/ticker', {}, schema))).toMatchObject({ kind: 'http', status: 429 });
    const fourth = api.get('/v1/market/ticker', {}, schema);
    await vi.advanceTimersByTimeAsync(2_999);
    expect(sentAt).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(1);
    await fourth;
    expect(sentAt).toEqual([start, start + 1_000, start + 1_000, start + 4_000]);
  });

  it('never opens earlier for a later, shorter Retry-After; other errors leave it open', async () => {
    fakeClock();
    const start = Date.now();
    const { sentAt } = scriptedFetch([() => limited('5'), () => limited('1'), ok, () => jsonResponse(503, { code: 5001, message: 'Service unavailable' }), ok]);
    const first = api.get('/v1/market/ticker', {}, schema);
    const second = api.get('/v1/market/trades', {}, schema);
    await failure(first);
    await failure(second);
    expect(api.rateLimitedUntil()).toBe(start + 5_000);
    const third = api.get('/v1/market/ticker', {}, schema);
    await vi.advanceTimersByTimeAsync(4_999);
    expect(sentAt).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    await third;
    expect((await failure(api.get('/v1/market/ticker', {}, schema))).code).toBe(5001);
    await api.get('/v1/market/ticker', {}, schema);
    expect(sentAt).toEqual([start, start, start + 5_000, start + 5_000, start + 5_000]);
  });

  it('ends the wait at once on abort, sending nothing and reporting nothing', async () => {
    fakeClock();
    const { mock } = scriptedFetch([() => limited('10'), ok]);
    await failure(api.get('/v1/market/ticker', {}, schema));
    const events: RequestEvent[] = [];
    const off = api.onSettled((event) => events.push(event));
    const controller = new AbortController();
    const waiting = api.get('/v1/market/ticker', {}, schema, { signal: controller.signal });
    const outcome = waiting.then(
      () => 'resolved',
      (error: unknown) => (error instanceof DOMException ? error.name : 'other'),
    );
    await vi.advanceTimersByTimeAsync(100);
    controller.abort();
    await expect(outcome).resolves.toBe('AbortError');
    await vi.advanceTimersByTimeAsync(20_000);
    off();
    expect(mock).toHaveBeenCalledTimes(1);
    expect(events).toEqual([]);
  });

  it('withdraws a request still waiting for its answer when the gate closes, and sends it again after the window', async () => {
    fakeClock();
    const start = Date.now();
    let releaseLimit: (response: Response) => void = () => undefined;
    const { sentAt, signals } = scriptedFetch([
      () =>
        new Promise<Response>((resolve) => {
          releaseLimit = resolve;
        }),
      () => pendingUntilAborted(signals[1]),
      ok,
    ]);
    const limitedOne = api.get('/v1/market/ticker', {}, schema);
    const inFlight = api.get('/v1/market/trades', {}, schema);
    await vi.advanceTimersByTimeAsync(10);
    releaseLimit(limited('2'));
    await failure(limitedOne);
    expect(signals[1]?.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(1_999);
    expect(sentAt).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    await expect(inFlight).resolves.toEqual({ value: 1 });
    expect(sentAt).toEqual([start, start, start + 10 + 2_000]);
  });

  it("lets the caller's own abort of a request in flight through as an abort, not withdrawn", async () => {
    const events: RequestEvent[] = [];
    const off = api.onSettled((event) => events.push(event));
    const { mock, signals } = scriptedFetch([() => pendingUntilAborted(signals[0])]);
    const controller = new AbortController();
    const request = api.get('/v1/market/ticker', {}, schema, { signal: controller.signal });
    await vi.waitFor(() => {
      expect(mock).toHaveBeenCalledTimes(1);
    });
    controller.abort();
    await expect(request).rejects.toMatchObject({ name: 'AbortError' });
    off();
    expect(events).toEqual([]);
    expect(api.rateLimitedUntil()).toBeUndefined();
  });
});
