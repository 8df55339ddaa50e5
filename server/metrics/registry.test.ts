import { describe, expect, it } from 'vitest';
import { codeLabel, createChartroomMetrics, endpointLabel } from './chartroom-metrics.ts';
import { escapeHelp, escapeLabelValue, formatValue } from './exposition.ts';
import { parseExposition, sampleValue } from './exposition-parser.test-support.ts';
import { MetricsRegistry } from './registry.ts';

describe('exposition format', () => {
  it('escapes label values and HELP text as format 0.0.4 requires', () => {
    expect(escapeLabelValue('a\\b"c\nd')).toBe('a\\\\b\\"c\\nd');
    expect(escapeHelp('a\\b"c\nd')).toBe('a\\\\b"c\\nd');
    expect([formatValue(Infinity), formatValue(-Infinity), formatValue(Number.NaN), formatValue(0.25), formatValue(3)]).toEqual(['+Inf', '-Inf', 'NaN', '0.25', '3']);
  });

  it('renders counters and gauges that a strict parser reads back, awkward label values intact', () => {
    const registry = new MetricsRegistry();
    const counter = registry.counter('test_requests_total', 'Requests\nby path \\ "quoted".', ['path']);
    const awkward = 'C:\\dir "x"\nnext';
    counter.inc({ path: awkward });
    counter.inc({ path: awkward }, 2);
    counter.inc({ path: '/plain' });
    registry.gauge('test_temperature', 'A gauge.', ['room'], () => [{ labels: { room: 'a' }, value: -1.5 }]);
    const text = registry.render();
    const parsed = parseExposition(text);
    expect(parsed.types.get('test_requests_total')).toBe('counter');
    expect(parsed.types.get('test_temperature')).toBe('gauge');
    expect(parsed.help.get('test_requests_total')).toBe('Requests\\nby path \\\\ "quoted".');
    expect(sampleValue(parsed, 'test_requests_total', { path: awkward })).toBe(3);
    expect(sampleValue(parsed, 'test_requests_total', { path: '/plain' })).toBe(1);
    expect(sampleValue(parsed, 'test_temperature', { room: 'a' })).toBe(-1.5);
    expect(text).toContain('test_requests_total{path="C:\\\\dir \\"x\\"\\nnext"} 3\n');
  });

  it('shows an unlabelled counter as 0 before its first use, and refuses to go down', () => {
    const registry = new MetricsRegistry();
    const counter = registry.counter('test_events_total', 'Events.');
    expect(sampleValue(parseExposition(registry.render()), 'test_events_total')).toBe(0);
    expect(() => {
      counter.inc({}, -1);
    }).toThrow(RangeError);
  });

  it('writes histogram buckets cumulatively, ending with +Inf = _count, and the _sum', () => {
    const registry = new MetricsRegistry();
    const histogram = registry.histogram('test_duration_seconds', 'Durations.', ['endpoint'], [0.1, 0.5, 1]);
    for (const value of [0.05, 0.1, 0.3, 0.7, 2, 5]) histogram.observe({ endpoint: '/a' }, value);
    const parsed = parseExposition(registry.render());
    const buckets = parsed.samples.filter((s) => s.name === 'test_duration_seconds_bucket');
    expect(buckets.map((s) => [s.labels.le, s.value])).toEqual([
      ['0.1', 2],
      ['0.5', 3],
      ['1', 4],
      ['+Inf', 6],
    ]);
    expect(buckets.every((s) => s.labels.endpoint === '/a')).toBe(true);
    expect(sampleValue(parsed, 'test_duration_seconds_count', { endpoint: '/a' })).toBe(6);
    expect(sampleValue(parsed, 'test_duration_seconds_sum', { endpoint: '/a' })).toBeCloseTo(8.15, 10);
  });

  it('refuses bad names, reserved labels, missing labels and double registration', () => {
    const registry = new MetricsRegistry();
    expect(() => registry.counter('bad-name', 'x')).toThrow(TypeError);
    expect(() => registry.counter('ok_total', 'x', ['__reserved'])).toThrow(TypeError);
    expect(() => registry.histogram('h_seconds', 'x', ['le'])).toThrow(TypeError);
    const counter = registry.counter('dup_total', 'x', ['a']);
    expect(() => registry.counter('dup_total', 'x')).toThrow(TypeError);
    expect(() => {
      counter.inc({});
    }).toThrow(TypeError);
    expect(() => {
      counter.inc({ a: '1', b: '2' });
    }).toThrow(TypeError);
  });
});

describe('Chartroom metrics', () => {
  it('labels endpoints by contract path (other paths share one series) and codes from a bounded set', () => {
    expect(endpointLabel('/v1/market/kline')).toBe('/v1/market/kline');
    expect(endpointLabel('/v1/market/../kline')).toBe('other');
    expect(endpointLabel('/anything/at/all')).toBe('other');
    expect([codeLabel(0), codeLabel(3001), codeLabel(401), codeLabel(123456), codeLabel(undefined)]).toEqual(['0', '3001', '401', 'unknown', 'unknown']);
  });

  it('exposes every promised family, realtime figures from the plugged-in source', () => {
    const metrics = createChartroomMetrics();
    metrics.recordRequest('/v1/market/ticker', 200, 0);
    metrics.recordUpstream('/v1/market/ticker', 0.02);
    metrics.recordCacheLookup('hit');
    metrics.recordCacheLookup('miss');
    metrics.recordCacheLookup('miss');
    metrics.setCacheSizes({ entries: () => 3, bytes: () => 4096 });
    metrics.setRealtimeSource({ connections: () => 2, subscriptions: () => ({ ticker: 5, depth: 1, trade: 0 }) });
    const parsed = parseExposition(metrics.render());
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
    expect(sampleValue(parsed, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(sampleValue(parsed, 'process_start_time_seconds')).toBeLessThanOrEqual(Date.now() / 1000);
    expect(metrics.upstreamRequests('/v1/market/ticker')).toBe(1);
    metrics.setRealtimeSource(undefined);
    expect(sampleValue(parseExposition(metrics.render()), 'chartroom_realtime_connections')).toBe(0);
  });
});
