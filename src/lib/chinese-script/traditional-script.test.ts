import { describe, expect, it } from 'vitest';
import { loadTraditionalScript, traditionalScriptOf, writesTraditional } from './traditional-script';

describe('traditional-script', () => {
  it('converts only in zh-TW and zh-HK, and only once loaded', async () => {
    expect(['en', 'zh-CN', 'zh-TW', 'zh-HK', 'pseudo'].filter((language) => writesTraditional(language as never))).toEqual(['zh-TW', 'zh-HK']);
    expect(traditionalScriptOf('zh-TW')).toBeUndefined();
    await Promise.all([loadTraditionalScript(), loadTraditionalScript()]);
    expect(traditionalScriptOf('zh-TW')?.('东方财富')).toBe('東方財富');
    expect(traditionalScriptOf('zh-HK')?.('台湾')).toBe('台灣');
    expect(traditionalScriptOf('zh-CN')).toBeUndefined();
    expect(traditionalScriptOf('en')).toBeUndefined();
  });
});
