/**
 * Text as the catalogue search compares it: folded (case, full-width forms) and cut into words.
 * A word starts where the kind of character changes (letter, digit, other) and at every Chinese
 * character, which is a word of its own: `Hang Seng TECH` has words at 0, 5, 10; `沪金2612` at
 * 0, 1, 2; `ETHUSDT` only at 0, so `eth` is not a word of `Ethereum / Tether` but `teth`er is.
 */

import { foldToSimplified } from './chinese-script/simplified-folding';
import { HAN } from './han';

export { hasHan } from './han';

type Kind = 'han' | 'letter' | 'digit' | 'other';

const LETTER = /\p{L}/u;
const DIGIT = /\p{N}/u;

function kindOf(char: string): Kind {
  if (HAN.test(char)) return 'han';
  if (LETTER.test(char)) return 'letter';
  return DIGIT.test(char) ? 'digit' : 'other';
}

/**
 * Case, width and script folded: `ＴＥＮＣＥＮＴ` and `Tencent` both read `tencent`; 騰訊 and 腾讯
 * both read 腾讯, 貴州 finds 贵州茅台 (an A-share the data names in Simplified only), and HSBC's
 * 滙豐 is found typed 匯豐 or 汇丰. The length stays (one character for one).
 */
export function fold(text: string): string {
  return foldToSimplified(text.normalize('NFKC').toLowerCase());
}

/** A searchable text: folded, with the positions where its words start. */
export interface Words {
  text: string;
  /** starts[i] is 1 when a word starts at i. */
  starts: Uint8Array;
}

export function toWords(text: string): Words {
  const folded = fold(text);
  const starts = new Uint8Array(folded.length);
  let previous: Kind = 'other';
  for (let index = 0; index < folded.length; index++) {
    const kind = kindOf(folded.charAt(index));
    if (kind !== 'other' && (kind !== previous || kind === 'han')) starts[index] = 1;
    previous = kind;
  }
  return { text: folded, starts };
}

/**
 * Pinyin syllables (`teng xun kong gu`) as two texts whose words are the syllables: the full
 * spelling run together (`tengxunkonggu`, so `tengxun` is found as typed) and the initials
 * (`txkg`; a run of digits stays whole: `hu jin 2612` → `hj2612`).
 */
export function pinyinWords(syllables: string): { full: Words; initials: Words } {
  const parts = syllables.split(' ').filter((part) => part !== '');
  const build = (pieces: readonly string[]): Words => {
    const starts = new Uint8Array(pieces.reduce((length, piece) => length + piece.length, 0));
    let at = 0;
    for (const piece of pieces) {
      starts[at] = 1;
      at += piece.length;
    }
    return { text: pieces.join(''), starts };
  };
  return { full: build(parts), initials: build(parts.map((part) => (/^\d+$/.test(part) ? part : part.charAt(0)))) };
}

/** The first position where `token` occurs at the start of a word, or -1. */
export function wordIndex(words: Words, token: string): number {
  for (let at = words.text.indexOf(token); at !== -1; at = words.text.indexOf(token, at + 1)) {
    if (words.starts[at] === 1) return at;
  }
  return -1;
}

/** Where `token` starts a word, a whole one if it is anywhere (`gold` in "goldman gold" is at 8), else the first start; undefined when none. */
export function wordMatch(words: Words, token: string): { at: number; whole: boolean } | undefined {
  let first: number | undefined;
  for (let at = words.text.indexOf(token); at !== -1; at = words.text.indexOf(token, at + 1)) {
    if (words.starts[at] !== 1) continue;
    const end = at + token.length;
    if (end === words.text.length || words.starts[end] === 1 || kindOf(words.text.charAt(end)) !== kindOf(words.text.charAt(end - 1)))
      return { at, whole: true };
    first ??= at;
  }
  return first === undefined ? undefined : { at: first, whole: false };
}

/** The words of a text (Latin words and numbers; each Chinese character is one). */
export function wordsOf(words: Words): string[] {
  const found: string[] = [];
  let start = -1;
  for (let index = 0; index <= words.text.length; index++) {
    const boundary = index === words.text.length || words.starts[index] === 1 || kindOf(words.text.charAt(index)) === 'other';
    if (boundary && start !== -1) {
      found.push(words.text.slice(start, index));
      start = -1;
    }
    if (index < words.text.length && words.starts[index] === 1) start = index;
  }
  return found;
}

/**
 * The edits (a letter changed, added, dropped, or two neighbours swapped) that turn `a` into `b`,
 * when at most `most`; undefined beyond. The optimal-string-alignment distance, row by row, given
 * up as soon as a row's best exceeds `most`: ours, as a library would add more bytes than these lines.
 */
export function editDistanceWithin(a: string, b: string, most: number): number | undefined {
  if (most <= 0 || Math.abs(a.length - b.length) > most) return a === b ? 0 : undefined;
  const width = b.length + 1;
  if (rows.length < 3 * width) rows = new Int32Array(3 * width * 2);
  // Three rows of the table in one reused buffer: two rows back, the previous one, this one.
  let twoBack = 0;
  let previous = width;
  let current = 2 * width;
  for (let j = 0; j < width; j++) rows[previous + j] = j;
  for (let i = 1; i <= a.length; i++) {
    rows[current] = i;
    let rowBest = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      let value = Math.min((rows[previous + j] ?? 0) + 1, (rows[current + j - 1] ?? 0) + 1, (rows[previous + j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a.charCodeAt(i - 1) === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === b.charCodeAt(j - 1))
        value = Math.min(value, (rows[twoBack + j - 2] ?? 0) + 1);
      rows[current + j] = value;
      if (value < rowBest) rowBest = value;
    }
    if (rowBest > most) return undefined;
    [twoBack, previous, current] = [previous, current, twoBack];
  }
  const distance = rows[previous + b.length] ?? Infinity;
  return distance <= most ? distance : undefined;
}

let rows = new Int32Array(96);

/** A query's words: folded and split at anything that is not a letter or digit. */
export function queryTokens(query: string): string[] {
  return fold(query)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((token) => token !== '');
}
