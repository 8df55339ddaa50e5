import { describe, expect, it } from 'vitest';
import { describeCounts, readSnapshot, sum, upstreamDelta } from './live-metrics.ts';

const exposition = (kline: number, ticker: number, hits: number) => `# HELP chartroom_upstream_requests_total Requests that reached the upstream.
# TYPE chartroom_upstream_requests_total counter
chartroom_upstream_requests_total{endpoint="/v1/market/kline"} ${String(kline)}
chartroom_upstream_requests_total{endpoint="/v1/market/ticker"} ${String(ticker)}
# HELP chartroom_kline_cache_hits_total Hits.
# TYPE chartroom_kline_cache_hits_total counter
chartroom_kline_cache_hits_total ${String(hits)}
# HELP chartroom_realtime_subscriptions Subscriptions.
# TYPE chartroom_realtime_subscriptions gauge
chartroom_realtime_subscriptions{channel="ticker"} 300
chartroom_realtime_subscriptions{channel="trade"} 1
`;

describe('live metrics', () => {
  it('reads the counters the live figures use', () => {
    const snapshot = readSnapshot(exposition(3, 10, 2));
    expect(snapshot.upstream).toEqual({ '/v1/market/kline': 3, '/v1/market/ticker': 10 });
    expect(snapshot.cacheHits).toBe(2);
    expect(snapshot.realtimeSubscriptions).toEqual({ ticker: 300, trade: 1 });
  });

  it('counts per endpoint between two snapshots, leaving out endpoints that did not move', () => {
    const delta = upstreamDelta(readSnapshot(exposition(3, 10, 0)), readSnapshot(exposition(3, 25, 0)));
    expect(delta).toEqual({ '/v1/market/ticker': 15 });
    expect(sum(delta)).toBe(15);
    expect(describeCounts({ '/v1/market/kline/latest': 2, '/v1/market/ticker': 15 })).toBe('market/ticker 15, market/kline/latest 2');
    expect(describeCounts({})).toBe('none');
  });
});
