// The newest history page waits for the data's clock (X-Chartroom-Clock) before it aligns its end_time.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../api/client';
import { fetchTickers } from '../api/quote-endpoints';
import { followServerClock } from '../api/server-clock';
import { createServerClock } from '../time/server-clock';
import { settledServerNow } from './use-kline-history';

const SIM_NOW = Date.parse('2026-11-25T15:00:00Z');

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('settledServerNow', () => {
  it("waits for the first answer and then reads the server's clock, not the browser's", async () => {
    let answer: (response: Response) => void = () => undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    const api = createApiClient();
    const clock = createServerClock();
    const unfollow = followServerClock(api, clock);
    let settled: number | undefined;
    const waiting = settledServerNow(api, clock, 10_000).then((now) => (settled = now));
    const request = fetchTickers(api, { symbols: ['AAPL.US'] });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(settled).toBeUndefined();

    answer(
      new Response(JSON.stringify({ code: 0, message: 'success', data: [{ symbol: 'AAPL.US', last_price: '1', timestamp: SIM_NOW }] }), {
        status: 200,
        headers: { 'Content-Type': 'application/json', 'X-Chartroom-Clock': String(SIM_NOW) },
      }),
    );
    await request;
    await waiting;
    expect(Math.abs((settled ?? 0) - SIM_NOW)).toBeLessThan(5_000);
    // Known from now on: no more waiting.
    const again = await Promise.race([
      settledServerNow(api, clock, 10_000),
      new Promise((resolve) =>
        setTimeout(() => {
          resolve('late');
        }, 50),
      ),
    ]);
    expect(typeof again).toBe('number');
    unfollow();
  });
});
