/**
 * The converter that writes a name the data gives in Simplified only (A-shares, China futures have
 * no name_hk) in the language's Traditional script, zh-TW or zh-HK: downloaded on demand the first
 * time a Traditional language wants it (the query shares and retries the download); undefined until
 * then, and in the other languages, where names show as the data writes them.
 */
import { useQuery } from '@tanstack/react-query';
import type { Language } from '../i18n/locales';
import type { TraditionalRegion } from '../lib/chinese-script/traditional-converters';
import type { ToTraditional } from '../lib/local-name';

function regionOf(language: Language): TraditionalRegion | undefined {
  if (language === 'zh-TW') return 'tw';
  if (language === 'zh-HK') return 'hk';
  return undefined;
}

export function useTraditionalScript(language: Language): ToTraditional | undefined {
  const region = regionOf(language);
  const { data: converterOf } = useQuery({
    enabled: region !== undefined,
    queryKey: ['chinese-script', 'traditional'],
    queryFn: async () => (await import('../lib/chinese-script/traditional-converters')).traditionalConverter,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    // A function, not plain data.
    structuralSharing: false,
  });
  return region === undefined || converterOf === undefined ? undefined : converterOf(region);
}
