import { describe, expect, it } from 'vitest';
import { hkDisplayCode } from './hk-code';

describe('hkDisplayCode', () => {
  it('writes an HK symbol or feed code as five digits, as Hong Kong does', () => {
    expect(['700.HK', '700', '00700', '0700.hk', '5.HK', '9988.HK', '0.HK'].map(hkDisplayCode)).toEqual([
      '00700',
      '00700',
      '00700',
      '00700',
      '00005',
      '09988',
      '00000',
    ]);
  });

  it('has no code for an index, another market or six digits', () => {
    expect(['HSI', 'AAPL.US', '600519.SH', '600519', 'BTCUSDT', ''].map(hkDisplayCode)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });
});
