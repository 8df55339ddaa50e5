import { describe, expect, it } from 'vitest';
import { chineseScriptDicts, readChineseScriptDicts } from './chinese-script-dicts.ts';

const sources = {
  STCharacters: '发 發 髮|药 藥|头 頭',
  // 头发: not 頭發; 发药: what its characters give; 制药: 制 is no key of its own; 发展中: three characters.
  STPhrases: '头发 頭髮|发药 發藥|制药 製藥|发展中 發展中',
  HKVariants: '台 臺',
  HKVariantsPhrases: '',
  TWVariants: '',
  TWVariantsPhrases: '',
};

describe('chineseScriptDicts', () => {
  it('keeps each character’s first form and the two-character phrases its characters would write otherwise', () => {
    const dicts = chineseScriptDicts(sources);
    expect(dicts.characters).toBe('发 發|药 藥|头 頭');
    expect(dicts.phrases).toBe('头发 頭髮|制药 製藥');
    expect(dicts.hkVariants).toBe('台 臺');
  });

  it('reads the installed opencc-js dictionaries into some tens of kilobytes', async () => {
    const dicts = await readChineseScriptDicts();
    const texts: string[] = [dicts.characters, dicts.phrases, dicts.hkVariants, dicts.hkVariantPhrases, dicts.twVariants, dicts.twVariantPhrases];
    const bytes = texts.reduce((sum, text) => sum + new TextEncoder().encode(text).length, 0);
    expect(dicts.characters.split('|').length).toBeGreaterThan(3000);
    expect(dicts.phrases.split('|').length).toBeGreaterThan(3000);
    expect(bytes).toBeLessThan(200_000);
  });
});
