/**
 * Which catalogue entries have a word that starts with a typed token's first letters: an inverted
 * index from the first one and two characters of every word (of every name and pinyin spelling)
 * to the entries holding such a word. A name matches only where each token starts a word
 * (catalog-text.ts `wordMatch`), so an entry missing from the first token's list cannot match by
 * name, and the search compares names only for the entries listed. At real size (12,690 products)
 * comparing every entry's names took most of a keystroke's 13–40 ms in Node, more in a browser.
 */
import type { Words } from './catalog-text';

/**
 * A list's key, a number rather than a string (no string made per word start, which doubled the
 * preparation): one UTF-16 unit above 2^32, or two units as one 32-bit number.
 */
function keyOf(text: string, at: number, length: 1 | 2): number {
  const first = text.charCodeAt(at);
  return length === 1 ? first + 2 ** 32 : first * 65_536 + text.charCodeAt(at + 1);
}

export class WordStartIndex {
  private readonly lists = new Map<number, number[]>();
  /** Per entry, the stamp of the last lookup that listed it (see `marked`). */
  private stamps = new Int32Array(0);
  private stamp = 0;

  /** Lists `entry` (entries are added in increasing order) under the first one and two characters of every word of `texts`. */
  add(entry: number, texts: readonly Words[]): void {
    for (const { text, starts } of texts) {
      for (let at = 0; at < text.length; at++) {
        if (starts[at] !== 1) continue;
        this.list(keyOf(text, at, 1), entry);
        if (at + 1 < text.length) this.list(keyOf(text, at, 2), entry);
      }
    }
  }

  private list(key: number, entry: number): void {
    const list = this.lists.get(key);
    if (list === undefined) this.lists.set(key, [entry]);
    // Once per entry, however many of its words start alike.
    else if (list[list.length - 1] !== entry) list.push(entry);
  }

  /**
   * Marks the entries that may have a word starting with any of `prefixes` (each as typed, folded)
   * and returns a test for an entry's position. Valid until the next call.
   */
  marked(prefixes: readonly string[], entryCount: number): (entry: number) => boolean {
    if (this.stamps.length < entryCount) this.stamps = new Int32Array(entryCount);
    const stamp = ++this.stamp;
    const stamps = this.stamps;
    for (const prefix of prefixes) {
      if (prefix === '') continue;
      for (const entry of this.lists.get(keyOf(prefix, 0, prefix.length === 1 ? 1 : 2)) ?? []) stamps[entry] = stamp;
    }
    return (entry) => stamps[entry] === stamp;
  }
}
