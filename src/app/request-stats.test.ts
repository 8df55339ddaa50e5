import { describe, expect, it } from 'vitest';
import { foldRequestEvent, INITIAL_STATS } from './request-stats';

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
