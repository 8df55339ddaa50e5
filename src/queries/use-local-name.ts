/**
 * A symbol's name in the language's script (騰訊控股 in zh-TW, 苹果 in zh-CN, TENCENT in
 * English), wherever a name is shown: the symbol header, watchlist rows, the HK table. The
 * quotes carry one name only, the data's own; the other scripts come from the catalogue index,
 * downloaded once when first needed. Until it is in, the data's own name shows. Calling
 * useLanguage, a language switch renders the name again at once.
 */
import { useQuery } from '@tanstack/react-query';
import { localName, type LocalNames, type ToTraditional } from '../lib/local-name';
import { hasHan } from '../lib/han';
import { catalogueMayRename, interimName } from '../lib/interim-name';
import { useLanguage } from '../i18n/use-language';
import { queryKeys } from './query-keys';
import { useTraditionalScriptState } from './use-traditional-script';

/** Under the catalogue's key: whatever refreshes the catalogue refreshes the names. */
export const LOCAL_NAMES_KEY = [...queryKeys.catalog.all, 'names'] as const;

/** Every symbol's names, once the catalogue is in (asked for only while `needed`). */
export function useLocalNames(needed = true): LocalNames | undefined {
  return useLocalNamesQuery(needed).data;
}

function useLocalNamesQuery(needed: boolean) {
  return useQuery({
    enabled: needed,
    queryKey: LOCAL_NAMES_KEY,
    queryFn: async ({ client }): Promise<LocalNames> => (await import('./local-names-loader')).loadLocalNames(client),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    // A lookup, not plain data.
    structuralSharing: false,
  });
}

/**
 * `symbol`'s name in the current language's script, else `name` (the data's own; while the names
 * load, only if it is in the language's script: interimName). In English only an HK stock's name
 * can differ from the data's (name_en): a page of US stocks in English does not download the
 * catalogue for its names (the search downloads it when pointed at). In Traditional Chinese a
 * name the data has in Simplified only is written in Traditional once the converter is in; while
 * it downloads, such a name is held back rather than shown in Simplified for a moment.
 */
export function useLocalName(symbol: string, name: string | undefined): string | undefined {
  const language = useLanguage();
  const { toTraditional, waiting } = useTraditionalScriptState(language);
  const { data: names, isError } = useLocalNamesQuery(catalogueMayRename(symbol, language));
  const settled = names !== undefined || isError;
  // While the converter downloads, a stand-in notes whether the name needs it.
  const pending = { needed: false };
  const needsConverter = (): boolean => pending.needed;
  const convert: ToTraditional | undefined =
    toTraditional ??
    (waiting
      ? (simplified) => {
          pending.needed = true;
          return simplified;
        }
      : undefined);
  const catalogued = names?.nameOf(symbol, language, convert);
  if (needsConverter()) return undefined;
  if (catalogued !== undefined || name === undefined) return catalogued;
  // The data's own, in the language's script where it can be written so.
  const own = localName(name, {}, language, convert);
  if (needsConverter()) return undefined;
  if (settled) return own;
  // A Chinese name the converter wrote in Traditional is in the language's script already.
  return toTraditional !== undefined && hasHan(own) ? own : interimName(symbol, own, language);
}
