import { describe, expect, it } from 'vitest';
import { codeLabel, createChartroomMetrics, endpointLabel } from './chartroom-metrics.ts';
import { parseExposition, sampleValue } from './exposition-parser.test-support.ts';

describe('Chartroom metrics', () => {
  it('labels endpoints by contract path (other paths share one series) and codes from a bounded set', () => {
    expect(endpointLabel('/v1/market/kline')).toBe('/v1/market/kline');
    expect(endpointLabel('/v1/market/../kline')).toBe('other');
    expect(endpointLabel('/anything/at/all')).toBe('other');
    expect([codeLabel(0), codeLabel(3001), codeLabel(401), codeLabel(123456), codeLabel(undefined)]).toEqual(['0', '3001', '401', 'unknown', 'unknown']);
  });

  it('exposes every promised family (prom-client, names and labels as before), realtime figures from the plugged-in source', async () => {
    const metrics = createChartroomMetrics();
    metrics.recordRequest('/v1/market/ticker', 200, 0);
    metrics.recordUpstream('/v1/market/ticker', 0.02);
    metrics.recordCacheLookup('hit');
    metrics.recordCacheLookup('miss');
    metrics.recordCacheLookup('miss');
    metrics.setCacheSizes({ entries: () => 3, bytes: () => 4096 });
    metrics.setRealtimeSource({ connections: () => 2, subscriptions: () => ({ ticker: 5, depth: 1, trade: 0 }) });
    for (const ms of [1, 2, 3, 4, 50]) metrics.recordFanOut(ms / 1000);
    const parsed = parseExposition(await metrics.render());
    expect(sampleValue(parsed, 'chartroom_http_requests_total', { endpoint: '/v1/market/ticker', status: '200', code: '0' })).toBe(1);
    expect(sampleValue(parsed, 'chartroom_upstream_requests_total', { endpoint: '/v1/market/ticker' })).toBe(1);
    expect(sampleValue(parsed, 'chartroom_upstream_request_duration_seconds_count', { endpoint: '/v1/market/ticker' })).toBe(1);
    expect(sampleValue(parsed, 'chartroom_kline_cache_hits_total')).toBe(1);
    expect(sampleValue(parsed, 'chartroom_kline_cache_misses_total')).toBe(2);
    expect(sampleValue(parsed, 'chartroom_kline_cache_entries')).toBe(3);
    expect(sampleValue(parsed, 'chartroom_kline_cache_bytes')).toBe(4096);
    expect(sampleValue(parsed, 'chartroom_realtime_connections')).toBe(2);
    expect(sampleValue(parsed, 'chartroom_realtime_subscriptions', { channel: 'ticker' })).toBe(5);
    expect(sampleValue(parsed, 'chartroom_realtime_subscriptions', { channel: 'depth' })).toBe(1);
    expect(sampleValue(parsed, 'chartroom_realtime_fanout_seconds_count')).toBe(5);
    expect(sampleValue(parsed, 'chartroom_realtime_fanout_seconds', { quantile: '0.5' })).toBe(0.003);
    expect(sampleValue(parsed, 'chartroom_realtime_fanout_seconds', { quantile: '0.99' })).toBeGreaterThan(0.004);
    expect(sampleValue(parsed, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(sampleValue(parsed, 'process_start_time_seconds')).toBeLessThanOrEqual(Date.now() / 1000);
    expect(metrics.upstreamRequests('/v1/market/ticker')).toBe(1);
    metrics.setRealtimeSource(undefined);
    expect(sampleValue(parseExposition(await metrics.render()), 'chartroom_realtime_connections')).toBe(0);
    expect(metrics.contentType).toBe('text/plain; version=0.0.4; charset=utf-8');
  });
});
