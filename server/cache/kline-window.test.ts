import { describe, expect, it } from 'vitest';
import { klineAnswerOf, klineWindowOf } from './kline-window.ts';

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

describe('K-line answers', () => {
  it('reads the code and bar times of an answer, refusing what is not one', () => {
    expect(klineAnswerOf('{"code":0,"data":{"klines":[{"time":1},{"time":2}]}}')).toEqual({ code: 0, times: [1, 2] });
    expect(klineAnswerOf('{"code":0,"data":{"klines":[{"time":"1"}]}}')).toEqual({ code: 0, times: undefined });
    expect(klineAnswerOf('{"code":3001,"message":"Rate limit exceeded"}')).toEqual({ code: 3001, times: undefined });
    expect(klineAnswerOf('{"code":0,"data":{"kli')).toBeUndefined();
  });
});
