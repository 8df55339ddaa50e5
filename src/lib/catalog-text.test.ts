import { describe, expect, it } from 'vitest';
import { fold, pinyinWords, queryTokens, toWords, wordIndex } from './catalog-text';

function startsOf(text: string): number[] {
  return [...toWords(text).starts.entries()].filter(([, start]) => start === 1).map(([index]) => index);
}

describe('toWords', () => {
  it('starts a word after a separator, at a change between letters and digits, and at every Chinese character', () => {
    expect(startsOf('Hang Seng TECH')).toEqual([0, 5, 10]);
    expect(startsOf('Ethereum / Tether')).toEqual([0, 11]);
    expect(startsOf('沪金2612')).toEqual([0, 1, 2]);
    expect(startsOf('PTA2701')).toEqual([0, 3]);
    expect(startsOf("McDonald's")).toEqual([0, 9]);
    expect(startsOf('阿里巴巴-W')).toEqual([0, 1, 2, 3, 5]);
  });

  it('folds case and full-width forms', () => {
    expect(toWords('ＴＥＮＣＥＮＴ Holdings').text).toBe('tencent holdings');
    expect(fold('AbC')).toBe('abc');
  });
});

describe('wordIndex', () => {
  it('finds a token only where a word starts', () => {
    const words = toWords('Ethereum / Tether');
    expect(wordIndex(words, 'eth')).toBe(0);
    expect(wordIndex(words, 'teth')).toBe(11);
    expect(wordIndex(words, 'her')).toBe(-1);
    // The second occurrence counts when the first is inside a word.
    expect(wordIndex(toWords('Tether Eth'), 'eth')).toBe(7);
  });
});

describe('pinyinWords', () => {
  it('runs the syllables together and takes their initials, each syllable a word', () => {
    const { full, initials } = pinyinWords('teng xun kong gu');
    expect(full.text).toBe('tengxunkonggu');
    expect(wordIndex(full, 'tengxun')).toBe(0);
    expect(wordIndex(full, 'xunk')).toBe(4);
    expect(wordIndex(full, 'engxun')).toBe(-1);
    expect(initials.text).toBe('txkg');
    expect(wordIndex(initials, 'kg')).toBe(2);
  });

  it('keeps a run of digits whole among the initials', () => {
    const { initials } = pinyinWords('hu jin 2612');
    expect(initials.text).toBe('hj2612');
    expect(wordIndex(initials, '612')).toBe(-1);
  });
});

describe('queryTokens', () => {
  it('splits a query at anything but letters and digits', () => {
    expect(queryTokens(' Hang-Seng  tech/ ')).toEqual(['hang', 'seng', 'tech']);
    expect(queryTokens('贵州 茅台')).toEqual(['贵州', '茅台']);
  });
});
