import { describe, expect, it } from 'vitest';
import { browserResponseHeaders, redact, upstreamRequestHeaders, varyWithAcceptEncoding, weakenEtag } from './headers.ts';

describe('upstreamRequestHeaders', () => {
  it('copies only the allowlist and adds ours', () => {
    const browser = new Headers({
      Accept: 'application/json',
      'Accept-Language': 'en',
      'If-None-Match': '"v1"',
      'If-Modified-Since': 'Mon, 01 Jan 2024 00:00:00 GMT',
      'Accept-Encoding': 'zstd',
      'X-API-Key': 'browser-key',
      Authorization: 'Bearer t',
      Cookie: 'a=b',
      Host: 'evil.example',
      'X-Forwarded-For': '1.2.3.4',
    });
    expect(upstreamRequestHeaders(browser, 'k')).toEqual({
      Accept: 'application/json',
      'Accept-Language': 'en',
      'If-None-Match': '"v1"',
      'If-Modified-Since': 'Mon, 01 Jan 2024 00:00:00 GMT',
      'Accept-Encoding': 'gzip, br',
      'User-Agent': 'chartroom-server',
      'X-API-Key': 'k',
    });
  });
});

describe('browserResponseHeaders', () => {
  it('keeps the allowlist, redacts the key and varies on Accept-Encoding', () => {
    const headers = browserResponseHeaders(
      {
        'content-type': 'application/json',
        'set-cookie': ['s=1'],
        location: 'http://evil.example/',
        'retry-after': '7',
        'cache-control': 'max-age=5',
        etag: '"secret-key"',
        'x-api-key': 'secret-key',
        vary: 'Origin',
      },
      'secret-key',
    );
    expect(Object.fromEntries(headers)).toEqual({
      'content-type': 'application/json',
      'retry-after': '7',
      'cache-control': 'max-age=5',
      etag: '"[redacted]"',
      vary: 'Origin, Accept-Encoding',
    });
  });

  it('merges Vary and weakens ETags', () => {
    expect(varyWithAcceptEncoding('')).toBe('Accept-Encoding');
    expect(varyWithAcceptEncoding('accept-encoding, Origin')).toBe('accept-encoding, Origin');
    expect(varyWithAcceptEncoding('*')).toBe('*');
    const headers = new Headers({ ETag: '"abc"' });
    weakenEtag(headers);
    expect(headers.get('etag')).toBe('W/"abc"');
    weakenEtag(headers);
    expect(headers.get('etag')).toBe('W/"abc"');
    expect(redact('a key and key', 'key')).toBe('a [redacted] and [redacted]');
  });
});
