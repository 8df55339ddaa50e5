/**
 * Text as the catalogue search compares it: folded (case, full-width forms) and cut into words.
 * A word starts where the kind of character changes (letter, digit, other) and at every Chinese
 * character, which is a word of its own: `Hang Seng TECH` has words at 0, 5, 10; `沪金2612` at
 * 0, 1, 2; `ETHUSDT` only at 0, so `eth` is not a word of `Ethereum / Tether` but `teth`er is.
 */

type Kind = 'han' | 'letter' | 'digit' | 'other';

const HAN = /\p{Script=Han}/u;
const LETTER = /\p{L}/u;
const DIGIT = /\p{N}/u;

function kindOf(char: string): Kind {
  if (HAN.test(char)) return 'han';
  if (LETTER.test(char)) return 'letter';
  return DIGIT.test(char) ? 'digit' : 'other';
}

/** Case and width folded: `ＴＥＮＣＥＮＴ` and `Tencent` both read `tencent`. */
export function fold(text: string): string {
  return text.normalize('NFKC').toLowerCase();
}

/** Whether the text holds a Chinese character. */
export function hasHan(text: string): boolean {
  return HAN.test(text);
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

/** A query's words: folded and split at anything that is not a letter or digit. */
export function queryTokens(query: string): string[] {
  return fold(query)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((token) => token !== '');
}
