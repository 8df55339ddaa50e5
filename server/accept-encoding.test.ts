import { describe, expect, it } from 'vitest';
import { acceptsCoding, parseAcceptEncoding } from './accept-encoding.ts';

describe('Accept-Encoding', () => {
  it('parses codings with q-values', () => {
    expect([...parseAcceptEncoding('gzip, deflate;q=0.5, BR;q=0, *;q=0.1')]).toEqual([
      ['gzip', 1],
      ['deflate', 0.5],
      ['br', 0],
      ['*', 0.1],
    ]);
    expect(parseAcceptEncoding(null).size).toBe(0);
  });

  it('honours q=0 and the wildcard', () => {
    expect(acceptsCoding('gzip, br', 'br')).toBe(true);
    expect(acceptsCoding('gzip;q=0, br', 'gzip')).toBe(false);
    expect(acceptsCoding('*', 'zstd')).toBe(true);
    expect(acceptsCoding('*, gzip;q=0', 'gzip')).toBe(false);
    expect(acceptsCoding(null, 'gzip')).toBe(false);
    expect(acceptsCoding('identity', 'gzip')).toBe(false);
  });
});
