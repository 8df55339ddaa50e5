import { describe, expect, it } from 'vitest';
import { foldRequestEvent, INITIAL_STATS, requestStatsOf, type RequestEventLike } from './request-stats';

const event = (over: Partial<Parameters<typeof foldRequestEvent>[1]> = {}) => ({
  path: '/v1/market/ticker',
  ok: true,
  status: 200,
  latencyMs: 12,
  at: 1_000,
  source: 'simulator' as const,
  ...over,
});

describe('request stats', () => {
  it('tracks source, last update and latency', () => {
    const stats = foldRequestEvent(foldRequestEvent(INITIAL_STATS, event()), event({ at: 2_000, latencyMs: 30 }));
    expect(stats).toMatchObject({ source: 'simulator', lastUpdate: 2_000, latencyMs: 30 });
    expect(stats.typicalLatencyMs).toBe(30);
  });

  it('records a rate limit until Retry-After; a failure does not move the last update', () => {
    const stats = foldRequestEvent(foldRequestEvent(INITIAL_STATS, event()), event({ ok: false, status: 429, code: 3001, retryAfterMs: 5_000, at: 3_000 }));
    expect(stats.rateLimitedUntil).toBe(8_000);
    expect(stats.lastUpdate).toBe(1_000);
  });
});

describe('requestStatsOf', () => {
  it('counts from its first call, so a bar mounted later shows the first answers; one feed per client', () => {
    const listeners = new Set<(event: RequestEventLike) => void>();
    const api = { onSettled: (listener: (event: RequestEventLike) => void) => (listeners.add(listener), () => listeners.delete(listener)) };
    const feed = requestStatsOf(api);
    for (const listener of listeners) listener({ path: '/v1/market/kline', ok: true, status: 200, latencyMs: 40, at: 1_000, source: 'simulator' });
    const later = requestStatsOf(api);
    expect(later).toBe(feed);
    let heard = 0;
    later.subscribe(() => heard++);
    for (const listener of listeners) listener({ path: '/v1/market/ticker', ok: true, status: 200, latencyMs: 20, at: 2_000 });
    expect(later.get()).toMatchObject({ source: 'simulator', lastUpdate: 2_000, latencyMs: 20, recentLatencies: [40, 20] });
    expect(heard).toBe(1);
    expect(requestStatsOf({ onSettled: () => () => undefined })).not.toBe(feed);
  });
});
