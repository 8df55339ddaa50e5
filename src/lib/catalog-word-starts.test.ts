import { describe, expect, it } from 'vitest';
import { searchableNameTexts } from './catalog-search';
import { pinyinWords, toWords, wordIndex, wordsOf } from './catalog-text';
import { WordStartIndex } from './catalog-word-starts';
import { simulatorCatalogIndex } from './catalog-index.test-support';

describe('WordStartIndex', () => {
  it('marks every entry with a word the token starts (of any length), in every script, over the whole simulator catalogue', async () => {
    const { entries } = await simulatorCatalogIndex();
    const texts = entries.map(searchableNameTexts);
    const index = new WordStartIndex();
    texts.forEach((each, position) => {
      index.add(position, each);
    });
    // Tokens a user types: the first one to five characters of words of the catalogue's names.
    const tokens = new Set<string>();
    for (const each of texts.filter((_, position) => position % 3 === 0))
      for (const words of each)
        for (const word of wordsOf(words)) for (let length = 1; length <= Math.min(5, word.length); length++) tokens.add(word.slice(0, length));
    tokens.add('zzzz');
    expect(tokens.size).toBeGreaterThan(1_000);
    let checked = 0;
    for (const token of tokens) {
      const marked = index.marked([token], entries.length);
      texts.forEach((each, position) => {
        const starts = each.some((words) => wordIndex(words, token) !== -1);
        if (starts) {
          checked++;
          expect(marked(position), `${token} in ${String(entries[position]?.[0])}`).toBe(true);
        }
      });
    }
    expect(checked).toBeGreaterThan(10_000);
  });

  it('marks no entry none of whose words a token starts, and forgets the last lookup', () => {
    const index = new WordStartIndex();
    index.add(0, [toWords('Hang Seng TECH Index')]);
    index.add(1, [toWords('Tencent'), pinyinWords('teng xun kong gu').initials]);
    index.add(2, [toWords('腾讯控股')]);
    const listed = (prefixes: string[]) => [0, 1, 2].filter(index.marked(prefixes, 3));
    expect(listed(['te'])).toEqual([0, 1]);
    expect(listed(['tx'])).toEqual([1]);
    expect(listed(['讯控'])).toEqual([2]);
    expect(listed(['ec'])).toEqual([]);
    expect(listed(['s', 'k'])).toEqual([0, 1]);
  });
});
