/**
 * Simplified Chinese to Traditional as Taiwan and Hong Kong write it, by OpenCC's converter
 * (opencc-js) over the dictionaries names need (vite-plugins/chinese-script-dicts.ts): the longest
 * phrase first, then each character, then the region's variants. Loaded on demand, in Traditional
 * Chinese only (traditional-script.ts).
 */
import { ConverterFactory, type ConverterFunction } from 'opencc-js/core';
import { characters, hkVariantPhrases, hkVariants, phrases, twVariantPhrases, twVariants } from 'virtual:chinese-script-dicts';

export type TraditionalRegion = 'tw' | 'hk';

const converters = new Map<TraditionalRegion, ConverterFunction>();

/** The region's converter, built at its first use (a few milliseconds: two tries of some 8,000 entries). */
export function traditionalConverter(region: TraditionalRegion): ConverterFunction {
  let converter = converters.get(region);
  if (!converter) {
    const variants = region === 'hk' ? [hkVariantPhrases, hkVariants] : [twVariantPhrases, twVariants];
    converter = ConverterFactory([phrases, characters], variants);
    converters.set(region, converter);
  }
  return converter;
}
