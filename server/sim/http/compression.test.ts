/** The full-market feeds' compression: every coding decodes to the body, also when a body comes again. */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compress } from './compression.ts';

const body = (price: string) =>
  Buffer.from(JSON.stringify({ code: 0, data: Array.from({ length: 500 }, (_, i) => ({ symbol: `${String(i)}.HK`, last_price: price })) }));
const decode = { gzip: gunzipSync, br: brotliDecompressSync } as const;

describe('compress', () => {
  for (const coding of ['gzip', 'br'] as const) {
    it(`answers a body seen before with its bytes, and a changed one anew (${coding})`, () => {
      const first = compress(body('1.00'), coding);
      expect(decode[coding](first).toString()).toBe(body('1.00').toString());
      // The same body (a new buffer of equal bytes): the bytes kept.
      expect(compress(body('1.00'), coding)).toBe(first);
      // A body of the same length that differs: compressed anew, never the kept bytes.
      const changed = compress(body('1.01'), coding);
      expect(changed).not.toBe(first);
      expect(decode[coding](changed).toString()).toBe(body('1.01').toString());
    });
  }

  it('keeps apart the same body in two codings', () => {
    const gzip = compress(body('2.00'), 'gzip');
    const br = compress(body('2.00'), 'br');
    expect(gunzipSync(gzip).toString()).toBe(body('2.00').toString());
    expect(brotliDecompressSync(br).toString()).toBe(body('2.00').toString());
  });
});
