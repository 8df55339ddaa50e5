/**
 * A name the data gives in Simplified Chinese only (A-shares and China futures have no name_hk),
 * written in Traditional for zh-TW and zh-HK once the converter is in: it downloads on demand,
 * the first time Traditional is wanted (loadTraditionalScript), and nothing else waits for it.
 * Until then, and in every other language, names show as the data writes them.
 */
import type { Language } from '../../i18n/locales';
import type { TraditionalRegion } from './traditional-converters';

type Convert = (text: string) => string;

let loaded: ((region: TraditionalRegion) => Convert) | undefined;
let loading: Promise<void> | undefined;

/** The language's Traditional region, or undefined for a language that does not write Traditional. */
function regionOf(language: Language): TraditionalRegion | undefined {
  if (language === 'zh-TW') return 'tw';
  if (language === 'zh-HK') return 'hk';
  return undefined;
}

export const writesTraditional = (language: Language): boolean => regionOf(language) !== undefined;

/** Loads the converter (once; later calls share the download). */
export function loadTraditionalScript(): Promise<void> {
  loading ??= import('./traditional-converters').then(
    ({ traditionalConverter }) => {
      loaded = traditionalConverter;
    },
    (error: unknown) => {
      // Offline, say: the next call tries again.
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** The converter of `language`'s script: undefined when it is not Traditional or not loaded yet. */
export function traditionalScriptOf(language: Language): Convert | undefined {
  const region = regionOf(language);
  return region === undefined || loaded === undefined ? undefined : loaded(region);
}
