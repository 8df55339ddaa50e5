/**
 * The query that downloads the Traditional converter (use-traditional-script.ts), in a module
 * without React: the boot starts it with the page in zh-TW or zh-HK, so the converter is in by
 * the time the first names show (a name held back for it shows that much sooner).
 */
import type { QueryClient } from '@tanstack/react-query';
import type { Language } from '../i18n/locales';
import type { TraditionalRegion } from '../lib/chinese-script/traditional-converters';

export function traditionalRegionOf(language: Language): TraditionalRegion | undefined {
  if (language === 'zh-TW') return 'tw';
  if (language === 'zh-HK') return 'hk';
  return undefined;
}

export const traditionalScriptQuery = {
  queryKey: ['chinese-script', 'traditional'] as const,
  queryFn: async () => (await import('../lib/chinese-script/traditional-converters')).traditionalConverter,
  staleTime: Number.POSITIVE_INFINITY,
  gcTime: Number.POSITIVE_INFINITY,
  // A function, not plain data.
  structuralSharing: false,
  // Not held while offline (names wait for it): the service worker's precache serves the chunk,
  // or the import fails, and after the retries the names show as the data writes them.
  networkMode: 'always' as const,
};

/** Starts the converter's download for a page in a Traditional language; nothing otherwise. */
export function prefetchTraditionalScript(queryClient: QueryClient, language: Language): void {
  if (traditionalRegionOf(language) !== undefined) queryClient.query(traditionalScriptQuery).catch(() => undefined);
}
