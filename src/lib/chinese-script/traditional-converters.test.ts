import { describe, expect, it } from 'vitest';
import { traditionalConverter } from './traditional-converters';

describe('traditionalConverter (names the data has in Simplified only)', () => {
  const tw = traditionalConverter('tw');
  const hk = traditionalConverter('hk');

  it('writes A-share and futures names in Traditional', () => {
    expect(tw('贵州茅台')).toBe('貴州茅臺');
    expect(tw('中国平安')).toBe('中國平安');
    expect(tw('东方财富')).toBe('東方財富');
    expect(tw('沪铜')).toBe('滬銅');
    expect(tw('万科A')).toBe('萬科A');
  });

  it('takes a two-character phrase before its characters', () => {
    // 制 alone stays 制 (制度); in 制药 it is 製.
    expect(tw('华北制药')).toBe('華北製藥');
    expect(tw('制度')).toBe('制度');
    expect(tw('头发')).toBe('頭髮');
    expect(tw('发展')).toBe('發展');
  });

  it('writes the region’s variants', () => {
    expect(hk('台湾')).not.toBe(tw('台湾'));
    expect(tw('台湾')).toBe('臺灣');
    expect(hk('台湾')).toBe('台灣');
  });

  it('leaves Traditional, Latin and digits as they are', () => {
    expect(tw('騰訊控股')).toBe('騰訊控股');
    expect(hk('黃金/美元')).toBe('黃金/美元');
    expect(tw('ST中珠 600568')).toBe('ST中珠 600568');
  });

  it('is one converter a region, whatever the number of callers', () => {
    expect(traditionalConverter('tw')).toBe(tw);
    expect(tw('贵州茅台')).toBe(tw('贵州茅台'));
  });
});
