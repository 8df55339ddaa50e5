import { describe, expect, it } from 'vitest';
import { loadPinyin } from './pinyin.ts';

describe('loadPinyin', () => {
  it('gives the syllables of a Chinese name without tones, in the reading of the phrase', async () => {
    const pinyinOf = await loadPinyin();
    expect(pinyinOf('腾讯控股')).toBe('teng xun kong gu');
    expect(pinyinOf('贵州茅台')).toBe('gui zhou mao tai');
    // Polyphones read in context: 行 of a bank is hang, 长 of the Yangtze chang, 重 of Chongqing chong.
    expect(pinyinOf('招商银行')).toBe('zhao shang yin hang');
    expect(pinyinOf('长江电力')).toBe('chang jiang dian li');
    expect(pinyinOf('重庆啤酒')).toBe('chong qing pi jiu');
    // Traditional characters read the same.
    expect(pinyinOf('騰訊控股')).toBe('teng xun kong gu');
  });

  it('writes ü as v, keeps letters and digits of mixed names as syllables of their own', async () => {
    const pinyinOf = await loadPinyin();
    expect(pinyinOf('隆基绿能')).toBe('long ji lv neng');
    expect(pinyinOf('万科A')).toBe('wan ke a');
    expect(pinyinOf('阿里巴巴-W')).toBe('a li ba ba w');
    expect(pinyinOf('沪金2612')).toBe('hu jin 2612');
  });

  it('gives nothing for a name without Chinese characters', async () => {
    const pinyinOf = await loadPinyin();
    expect(pinyinOf('NVIDIA')).toBe('');
    expect(pinyinOf('PTA2701')).toBe('');
    expect(pinyinOf('')).toBe('');
  });
});
