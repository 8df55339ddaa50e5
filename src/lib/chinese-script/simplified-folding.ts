/**
 * Traditional characters folded to Simplified ones (騰訊 reads 腾讯, 滙豐 and 匯豐 read 汇丰), one
 * character for one, so a folded text keeps its length: the catalogue search compares names and
 * queries so, and either script finds a name written in the other. From OpenCC's character list
 * (opencc-js, 17 KB gzip, with the catalogue search only). Not OpenCC's converter: the search's
 * word positions need one character for one (its entries of several characters left out), and
 * this runs for every name when the index is built and at every keystroke.
 */
import traditionalCharacters from 'opencc-js/dict/TSCharacters';
import { hasHan } from '../han';

let simplifiedOf: Map<string, string> | undefined;

/** The map, built at the first text that needs it (some 3,000 characters, each to its first Simplified form). */
function folding(): Map<string, string> {
  if (!simplifiedOf) {
    simplifiedOf = new Map();
    for (const entry of traditionalCharacters.split('|')) {
      const [traditional, simplified] = entry.split(' ');
      if (traditional?.length === 1 && simplified?.length === 1) simplifiedOf.set(traditional, simplified);
    }
  }
  return simplifiedOf;
}

export function foldToSimplified(text: string): string {
  if (!hasHan(text)) return text;
  const map = folding();
  let folded = '';
  for (let index = 0; index < text.length; index++) {
    const character = text.charAt(index);
    folded += map.get(character) ?? character;
  }
  return folded;
}
