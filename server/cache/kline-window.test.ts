import { describe, expect, it } from 'vitest';
import { allBarsComplete, barEnd, earliestNextOpen, klineAnswerOf, klineWindowOf, windowSettled } from './kline-window.ts';

const NOW = Date.parse('2026-11-25T15:00:00Z');
const END = Date.parse('2026-11-24T23:59:59.999Z');

describe('klineWindowOf', () => {
  it('accepts GET /v1/market/kline with a past end_time and no or `none` adjustment', () => {
    expect(klineWindowOf('GET', `/v1/market/kline?symbol=AAPL.US&interval=1d&end_time=${END}`, NOW)).toMatchObject({ interval: '1d', endTime: END });
    expect(klineWindowOf('GET', `/v1/market/kline?symbol=AAPL.US&interval=1d&end_time=${END}&adjust=none`, NOW)).toBeDefined();
  });

  it.each([
    ['no end_time', 'GET', '/v1/market/kline?symbol=AAPL.US&interval=1d&limit=100'],
    ['forward adjustment', 'GET', `/v1/market/kline?symbol=AAPL.US&interval=1d&end_time=${END}&adjust=forward`],
    ['backward adjustment', 'GET', `/v1/market/kline?symbol=AAPL.US&interval=1d&end_time=${END}&adjust=backward`],
    ['end_time in the future', 'GET', `/v1/market/kline?symbol=AAPL.US&interval=1d&end_time=${NOW + 1}`],
    ['end_time now', 'GET', `/v1/market/kline?symbol=AAPL.US&interval=1d&end_time=${NOW}`],
    ['end_time not a number', 'GET', '/v1/market/kline?symbol=AAPL.US&interval=1d&end_time=yesterday'],
    ['3m (not a history interval)', 'GET', `/v1/market/kline?symbol=AAPL.US&interval=3m&end_time=${END}`],
    ['a repeated parameter', 'GET', `/v1/market/kline?symbol=AAPL.US&symbol=MSFT.US&interval=1d&end_time=${END}`],
    ['another method', 'HEAD', `/v1/market/kline?symbol=AAPL.US&interval=1d&end_time=${END}`],
    ['the latest endpoint', 'GET', `/v1/market/kline/latest?symbols=AAPL.US&interval=1d&end_time=${END}`],
    ['a traversal', 'GET', `/v1/market/x/../kline?symbol=AAPL.US&interval=1d&end_time=${END}`],
  ])('refuses %s', (_, method, target) => {
    expect(klineWindowOf(method, target, NOW)).toBeUndefined();
  });

  it('keys on the sorted, normalised query, so parameter order and escaping do not matter', () => {
    const a = klineWindowOf('GET', `/v1/market/kline?symbol=AAPL.US&interval=1d&limit=500&end_time=${END}`, NOW);
    const b = klineWindowOf('GET', `/v1/market/kline?end_time=${END}&limit=500&interval=1d&symbol=AAPL%2EUS`, NOW);
    expect(a?.key).toBe(`/v1/market/kline?end_time=${END}&interval=1d&limit=500&symbol=AAPL.US`);
    expect(b?.key).toBe(a?.key);
  });

  it('never puts an API key in the key, whatever its spelling', () => {
    for (const name of ['api_key', 'API_KEY', 'apikey', 'api-key', 'x-api-key', 'api%5Fkey']) {
      const window = klineWindowOf('GET', `/v1/market/kline?symbol=AAPL.US&${name}=secret-key-123&interval=1d&end_time=${END}`, NOW);
      expect(window?.key).toBe(`/v1/market/kline?end_time=${END}&interval=1d&symbol=AAPL.US`);
    }
  });
});

describe('bar ends and completeness', () => {
  it('ends intraday bars one interval after they open, 1d and 1w a day and a week later', () => {
    const open = Date.parse('2026-11-25T14:30:00Z');
    expect(barEnd(open, '1m')).toBe(open + 60_000);
    expect(barEnd(open, '15m')).toBe(open + 15 * 60_000);
    expect(barEnd(open, '4h')).toBe(open + 4 * 3_600_000);
    expect(barEnd(open, '1d')).toBe(open + 86_400_000);
    expect(barEnd(open, '1w')).toBe(open + 7 * 86_400_000);
  });

  it('ends a 1M bar at the next month start of its own zone (plus an hour of daylight-saving slack)', () => {
    // New York (EDT, UTC-4 on 1 October), Hong Kong (UTC+8), UTC.
    expect(barEnd(Date.parse('2026-10-01T04:00:00Z'), '1M')).toBe(Date.parse('2026-11-01T05:00:00Z'));
    expect(barEnd(Date.parse('2026-09-30T16:00:00Z'), '1M')).toBe(Date.parse('2026-10-31T17:00:00Z'));
    expect(barEnd(Date.parse('2026-12-01T00:00:00Z'), '1M')).toBe(Date.parse('2027-01-01T01:00:00Z'));
  });

  it('calls a window settled once the bar containing end_time must have ended', () => {
    expect(windowSettled({ interval: '1m', endTime: NOW - 60_001 }, NOW)).toBe(true);
    expect(windowSettled({ interval: '1m', endTime: NOW - 1 }, NOW)).toBe(false);
    expect(windowSettled({ interval: '1d', endTime: END }, NOW)).toBe(false);
    expect(windowSettled({ interval: '1d', endTime: NOW - 86_400_000 }, NOW)).toBe(true);
  });

  it('calls a window settled when no bar can open between its newest bar and end_time', () => {
    const hour = 3_600_000;
    // Hong Kong's day bar of 24 November opened at 16:00 UTC on the 23rd; the app's newest page at
    // 03:00 UTC on the 25th ends two hours before Hong Kong's 25th began (16:00 UTC on the 24th).
    const early = Date.parse('2026-11-25T03:00:00Z');
    const newest = Date.parse('2026-11-23T16:00:00Z');
    const pageEnd = Date.parse('2026-11-24T14:00:00Z') - 1;
    expect(windowSettled({ interval: '1d', endTime: pageEnd }, early)).toBe(false);
    expect(windowSettled({ interval: '1d', endTime: pageEnd }, early, newest)).toBe(true);
    // An end_time a bar could still open before (here the forming day's open) is not settled.
    expect(windowSettled({ interval: '1d', endTime: newest + 23 * hour }, early, newest)).toBe(false);
    expect(windowSettled({ interval: '1d', endTime: newest + 23 * hour - 1 }, early, newest)).toBe(true);
    // Intraday bars settle by the end_time rule only.
    expect(windowSettled({ interval: '1h', endTime: early - 1 }, early, early - hour)).toBe(false);
  });

  it('puts the earliest next open a daylight-saving hour before the bar end (two for 1M, whose end carries one)', () => {
    const open = Date.parse('2026-10-01T04:00:00Z');
    expect(earliestNextOpen(open, '1d')).toBe(open + 23 * 3_600_000);
    expect(earliestNextOpen(open, '1w')).toBe(open + 7 * 86_400_000 - 3_600_000);
    expect(earliestNextOpen(open, '1M')).toBe(Date.parse('2026-11-01T03:00:00Z'));
    expect(earliestNextOpen(open, '4h')).toBeUndefined();
  });

  it('requires every bar complete', () => {
    const bars = [NOW - 3 * 60_000, NOW - 2 * 60_000, NOW - 60_000];
    expect(allBarsComplete(bars, '1m', NOW)).toBe(true);
    expect(allBarsComplete([...bars, NOW - 30_000], '1m', NOW)).toBe(false);
  });

  it('reads the code and bar times of an answer, refusing what is not one', () => {
    expect(klineAnswerOf('{"code":0,"data":{"klines":[{"time":1},{"time":2}]}}')).toEqual({ code: 0, times: [1, 2] });
    expect(klineAnswerOf('{"code":0,"data":{"klines":[{"time":"1"}]}}')).toEqual({ code: 0, times: undefined });
    expect(klineAnswerOf('{"code":3001,"message":"Rate limit exceeded"}')).toEqual({ code: 3001, times: undefined });
    expect(klineAnswerOf('{"code":0,"data":{"kli')).toBeUndefined();
  });
});
