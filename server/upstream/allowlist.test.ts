import { describe, expect, it } from 'vitest';
import { CONTRACT_PATHS } from '#shared/contract.ts';
import { dropKeyParams, isForwardableMethod, matchContractPath } from './allowlist.ts';

describe('matchContractPath', () => {
  it('matches each of the twelve contract paths, with and without a query', () => {
    for (const path of CONTRACT_PATHS) {
      expect(matchContractPath(path)).toEqual({ path, query: '' });
      expect(matchContractPath(`${path}?a=1&b=x%2Cy`)).toEqual({ path, query: 'a=1&b=x%2Cy' });
    }
    expect(matchContractPath('/v1/market/kline?')).toEqual({ path: '/v1/market/kline', query: '' });
  });

  it.each([
    '/v1/../x',
    '/v1/market/../market/kline',
    '/v1/market/./kline',
    '/v1/market/%2e%2e/kline',
    '/v1/market/%2E%2E/market/kline',
    '/v1/market%2fkline',
    '/v1/market%2Fkline',
    '/v1/market%5ckline',
    '/v1/market\\kline',
    '/v1/market//kline',
    '//v1/market/kline',
    '/v1/market/kline/',
    '/v1/market/Kline',
    '/v1/market/kline%20',
    '/v1/market/kline;x=1',
    '/v1/market/kline#frag',
    '/v1/market/depth/',
    '/v1/market/%64epth',
    '/v1/connections',
    '/v1/realtime',
    '/v1',
    '/',
    '',
    'http://evil.example/v1/market/kline',
    'v1/market/kline',
  ])('rejects %j as not-found', (raw) => {
    expect(matchContractPath(raw)).toEqual({ error: 'not-found' });
  });

  it.each([
    'symbol=A\r\nX-Evil: 1',
    'symbol=A\nB',
    'symbol=A%0D%0AX-Evil:%201',
    'symbol=A%0a',
    'symbol=A%00',
    'symbol=A%7F',
    'symbol=A\tB',
    'symbol=A B',
    'symbol=\u00e9',
    'symbol=A#frag',
    'symbol=100%',
    'symbol=%zz',
  ])('rejects query %j as bad-query', (query) => {
    expect(matchContractPath(`/v1/market/ticker?${query}`)).toEqual({ error: 'bad-query' });
  });

  it('forwards GET /v1/market/depth, its query kept and key parameters dropped', () => {
    expect(matchContractPath('/v1/market/depth?symbol=AAPL.US&api_key=x&type=stock')).toEqual({ path: '/v1/market/depth', query: 'symbol=AAPL.US&type=stock' });
    expect(isForwardableMethod('GET')).toBe(true);
  });

  it('keeps other parameters verbatim and drops key parameters in any case or encoding', () => {
    const raw = '/v1/market/kline?symbol=700.HK&api_key=a&APIKEY=b&Api_Key=c&api%5Fkey=d&interval=1d&apikey&x=%41';
    expect(matchContractPath(raw)).toEqual({ path: '/v1/market/kline', query: 'symbol=700.HK&interval=1d&x=%41' });
  });
});

describe('dropKeyParams', () => {
  it('drops a segment hiding a key behind a semicolon, and returns empty when only keys remain', () => {
    expect(dropKeyParams('a=1;api_key=x&b=2')).toBe('b=2');
    expect(dropKeyParams('api_key=x')).toBe('');
    expect(dropKeyParams('x-api-key=x&api-key=y&z=1')).toBe('z=1');
    expect(dropKeyParams('')).toBe('');
  });

  it('finds keys in any case, spelled with escapes or plus signs, and leaves keyless queries as they are', () => {
    expect(dropKeyParams('API_KEY=x&a=1')).toBe('a=1');
    expect(dropKeyParams('api%5Fkey=x&a=1')).toBe('a=1');
    expect(dropKeyParams('%61pi_%6Bey=x&a=1')).toBe('a=1');
    expect(dropKeyParams('+apikey+=x&a=1')).toBe('a=1');
    expect(dropKeyParams('symbols=AAPL.US,700.HK&interval=1m;x=y&&z')).toBe('symbols=AAPL.US,700.HK&interval=1m;x=y&&z');
    expect(dropKeyParams('keyword=1&monkey=2')).toBe('keyword=1&monkey=2');
  });
});

describe('isForwardableMethod', () => {
  it('allows GET only', () => {
    expect(isForwardableMethod('GET')).toBe(true);
    for (const method of ['HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'get']) {
      expect(isForwardableMethod(method)).toBe(false);
    }
  });
});
