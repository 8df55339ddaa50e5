/**
 * A forex or metal pair's name in the active language: "Gold / US Dollar" reads 黄金/美元 in zh-CN
 * and 黃金/美元 in zh-TW and zh-HK. The product list names pairs in English only, from their two
 * codes; a name that is exactly the two codes' English names is written again from the codes in
 * the language's words. Any other name (a CFD, a name the data spells otherwise) is left as it is.
 */
import { CURRENCY_NAMES } from '#shared/currency-names.ts';
import { t, type MessageKey } from '../i18n/t';

/** Each code's English name, a key of the catalogs (the type checker says so). */
const CURRENCIES: Readonly<Record<string, MessageKey>> = CURRENCY_NAMES;

/** `name` in the language's words where it is the plain English name of the pair `symbol`, else undefined. */
export function pairName(symbol: string, name: string): string | undefined {
  if (symbol.length !== 6) return undefined;
  const base = CURRENCIES[symbol.slice(0, 3)];
  const quote = CURRENCIES[symbol.slice(3)];
  if (base === undefined || quote === undefined || name !== `${base} / ${quote}`) return undefined;
  const shown = [t(base), t(quote)];
  // English keeps the data's spacing; Chinese writes the pair as one word, 黄金/美元.
  return shown[0] === base ? name : shown.join('/');
}
