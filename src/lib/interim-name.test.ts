import { describe, expect, it } from 'vitest';
import { interimName } from './interim-name';

describe('interimName', () => {
  it('withholds the data’s own name in the wrong script where the catalogue may have the right one', () => {
    expect(interimName('700.HK', '腾讯控股', 'en')).toBeUndefined();
    expect(interimName('700.HK', '腾讯控股', 'zh-CN')).toBe('腾讯控股');
    expect(interimName('AAPL.US', 'Apple Inc.', 'zh-CN')).toBeUndefined();
    expect(interimName('AAPL.US', 'Apple Inc.', 'en')).toBe('Apple Inc.');
  });

  it('withholds the data’s Chinese (Simplified) in zh-TW and zh-HK: the catalogue or the converter writes it in Traditional', () => {
    expect(interimName('700.HK', '腾讯控股', 'zh-HK')).toBeUndefined();
    expect(interimName('600519.SH', '贵州茅台', 'zh-TW')).toBeUndefined();
    expect(interimName('AAPL.US', 'Apple Inc.', 'zh-TW')).toBeUndefined();
  });

  it('keeps a name the catalogue would not change in the language (an A-share in English)', () => {
    expect(interimName('600519.SH', '贵州茅台', 'en')).toBe('贵州茅台');
    expect(interimName('600519.SH', undefined, 'en')).toBeUndefined();
  });
});
