import { describe, expect, it } from 'vitest';
import type { AdjustFactor } from '#shared/adjust.ts';
import { factorsDigest } from './use-period-fold';

const split: AdjustFactor = { timestamp: 1_600_000_000_000, adjust: 'forward', factor_a: 0.25, factor_b: 0 };
const dividend: AdjustFactor = { timestamp: 1_700_000_000_000, adjust: 'backward', factor_a: 1, factor_b: 0.47 };

describe('factorsDigest (the period fold query key)', () => {
  it('is one string that tells different factors apart', () => {
    const digests = [
      factorsDigest([split, dividend]),
      factorsDigest([split]),
      factorsDigest([{ ...split, adjust: 'backward' }, dividend]),
      factorsDigest([split, { ...dividend, factor_b: 0.48 }]),
      factorsDigest([{ ...split, timestamp: split.timestamp + 1 }, dividend]),
      factorsDigest([]),
    ];
    expect(typeof digests[0]).toBe('string');
    expect(new Set(digests).size).toBe(digests.length);
  });

  it('is the same for equal factors in another array', () => {
    expect(factorsDigest([split, dividend])).toBe(factorsDigest([{ ...split }, { ...dividend }]));
  });
});
