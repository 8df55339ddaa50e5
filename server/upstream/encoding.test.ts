import { brotliCompressSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { DecodedTooLargeError, acceptsHkTickerCoding, decodeBody, normalizeContentEncoding, planEncoding } from './encoding.ts';

describe('acceptsHkTickerCoding', () => {
  it('knows what the HK full-market ticker needs', () => {
    expect(acceptsHkTickerCoding('gzip, deflate, br')).toBe(true);
    expect(acceptsHkTickerCoding('zstd')).toBe(true);
    expect(acceptsHkTickerCoding('deflate, identity')).toBe(false);
    expect(acceptsHkTickerCoding('gzip;q=0')).toBe(false);
    expect(acceptsHkTickerCoding(null)).toBe(false);
  });
});

describe('planEncoding', () => {
  it('passes accepted codings, decodes gzip and br otherwise, refuses the rest', () => {
    expect(planEncoding('', null)).toEqual({ kind: 'pass', coding: '' });
    expect(planEncoding('gzip', 'gzip, deflate, br')).toEqual({ kind: 'pass', coding: 'gzip' });
    expect(planEncoding('br', 'gzip')).toEqual({ kind: 'decode', coding: 'br' });
    expect(planEncoding('gzip', null)).toEqual({ kind: 'decode', coding: 'gzip' });
    expect(planEncoding('zstd', 'zstd')).toEqual({ kind: 'pass', coding: 'zstd' });
    expect(planEncoding('zstd', 'gzip, br')).toEqual({ kind: 'unsupported', coding: 'zstd' });
    expect(planEncoding('gzip, br', 'gzip, br')).toEqual({ kind: 'unsupported', coding: 'gzip, br' });
  });

  it('normalises upstream Content-Encoding', () => {
    expect(normalizeContentEncoding(undefined)).toBe('');
    expect(normalizeContentEncoding(' Identity ')).toBe('');
    expect(normalizeContentEncoding('X-GZIP')).toBe('gzip');
    expect(normalizeContentEncoding('BR')).toBe('br');
  });
});

describe('decodeBody', () => {
  const text = JSON.stringify({ code: 0, message: 'success', data: 'x'.repeat(10_000) });

  it('decodes gzip and br', async () => {
    expect((await decodeBody(gzipSync(text), 'gzip', 1e6)).toString()).toBe(text);
    expect((await decodeBody(brotliCompressSync(text), 'br', 1e6)).toString()).toBe(text);
  });

  it('stops at the output limit', async () => {
    await expect(decodeBody(gzipSync(Buffer.alloc(1e6)), 'gzip', 1000)).rejects.toBeInstanceOf(DecodedTooLargeError);
  });

  it('rejects corrupt input', async () => {
    await expect(decodeBody(Buffer.from('not gzip'), 'gzip', 1000)).rejects.toThrow();
  });
});
