/**
 * Pinyin of Chinese names, through pinyin-pro (a maintained library with phrase-aware readings:
 * 银行 is yin hang, 长江 chang jiang). Its dictionary is loaded on the first build of the catalogue
 * index, not when the server starts, and never reaches the browser: the index carries the result.
 */

/** `腾讯控股` → `teng xun kong gu`; '' when the text has no Chinese character. */
export type PinyinOf = (text: string) => string;

const HAN = /\p{Script=Han}/u;
/** What separates syllables and non-Chinese runs ('阿里巴巴-W' → … ba ba w). */
const SEPARATORS = /[^a-z0-9]+/;

let loading: Promise<PinyinOf> | undefined;

export function loadPinyin(): Promise<PinyinOf> {
  loading ??= import('pinyin-pro').then(
    ({ pinyin }): PinyinOf =>
      (text) => {
        if (!HAN.test(text)) return '';
        // Without tones and with ü as v: what a trader types on a Latin keyboard.
        const syllables = pinyin(text, { toneType: 'none', type: 'array', nonZh: 'consecutive', v: true });
        return syllables
          .flatMap((syllable) => syllable.toLowerCase().split(SEPARATORS))
          .filter((syllable) => syllable !== '')
          .join(' ');
      },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}
