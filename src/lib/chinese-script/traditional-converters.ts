/**
 * Simplified Chinese to Traditional as Taiwan and Hong Kong write it, by OpenCC's converter
 * (opencc-js) over the dictionaries names need (vite-plugins/chinese-script-dicts.ts): the longest
 * phrase first, then each character, then the region's variants. Loaded on demand, in Traditional
 * Chinese only (queries/use-traditional-script.ts).
 */
import { ConverterFactory, type ConverterFunction } from 'opencc-js/core';
import { characters, hkVariantPhrases, hkVariants, phrases, twVariantPhrases, twVariants } from 'virtual:chinese-script-dicts';

export type TraditionalRegion = 'tw' | 'hk';

const converters = new Map<TraditionalRegion, ConverterFunction>();

/**
 * The region's converter, built at its first use (a few milliseconds: two tries of some 8,000
 * entries). Each name is converted once: the same names render again with every quote, and there
 * are no more of them than the catalogue holds.
 */
export function traditionalConverter(region: TraditionalRegion): ConverterFunction {
  let converter = converters.get(region);
  if (!converter) {
    const variants = region === 'hk' ? [hkVariantPhrases, hkVariants] : [twVariantPhrases, twVariants];
    const convert = ConverterFactory([phrases, characters], variants);
    const converted = new Map<string, string>();
    converter = (text) => {
      let result = converted.get(text);
      if (result === undefined) {
        result = convert(text);
        converted.set(text, result);
      }
      return result;
    };
    converters.set(region, converter);
  }
  return converter;
}
