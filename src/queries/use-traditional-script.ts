/**
 * The converter that writes Simplified names in the language's Traditional script (zh-TW, zh-HK),
 * loaded on demand the first time a Traditional language wants it; undefined until then and in the
 * other languages. Rendering again when it arrives.
 */
import { useQuery } from '@tanstack/react-query';
import type { Language } from '../i18n/locales';
import { loadTraditionalScript, traditionalScriptOf, writesTraditional } from '../lib/chinese-script/traditional-script';
import type { ToTraditional } from '../lib/local-name';

export function useTraditionalScript(language: Language): ToTraditional | undefined {
  const { data: loaded } = useQuery({
    enabled: writesTraditional(language),
    queryKey: ['chinese-script', 'traditional'],
    queryFn: async () => {
      await loadTraditionalScript();
      return true;
    },
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
  return loaded === true ? traditionalScriptOf(language) : undefined;
}
