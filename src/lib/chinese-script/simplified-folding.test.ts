import { describe, expect, it } from 'vitest';
import { foldToSimplified } from './simplified-folding';

describe('foldToSimplified', () => {
  it('folds Traditional characters to Simplified, one for one', () => {
    expect(foldToSimplified('貴州茅臺')).toBe('贵州茅台');
    expect(foldToSimplified('騰訊控股')).toBe('腾讯控股');
    expect(foldToSimplified('滙豐控股')).toBe(foldToSimplified('匯豐控股'));
    expect(foldToSimplified('滙豐控股')).toBe('汇丰控股');
  });

  it('leaves Simplified, Latin and digits as they are', () => {
    expect(foldToSimplified('贵州茅台')).toBe('贵州茅台');
    expect(foldToSimplified('tencent 00700')).toBe('tencent 00700');
    expect(foldToSimplified('ST中珠')).toBe('ST中珠');
  });
});
