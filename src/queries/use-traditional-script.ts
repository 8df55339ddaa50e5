/**
 * The converter that writes a name the data gives in Simplified only (A-shares, China futures have
 * no name_hk) in the language's Traditional script, zh-TW or zh-HK: downloaded on demand the first
 * time a Traditional language wants it (the boot starts it for a page opened in one:
 * traditional-script-query.ts; the query shares and retries the download); undefined until then,
 * and in the other languages, where names show as the data writes them.
 */
import { useQuery } from '@tanstack/react-query';
import type { Language } from '../i18n/locales';
import type { ToTraditional } from '../lib/local-name';
import { traditionalRegionOf, traditionalScriptQuery } from './traditional-script-query';

export interface TraditionalScript {
  toTraditional?: ToTraditional;
  /** The language writes Traditional and the converter is on its way (retries included; not once failed). */
  waiting: boolean;
}

export function useTraditionalScriptState(language: Language): TraditionalScript {
  const region = traditionalRegionOf(language);
  const { data: converterOf, isPending } = useQuery({ ...traditionalScriptQuery, enabled: region !== undefined });
  if (region === undefined) return { waiting: false };
  return { toTraditional: converterOf?.(region), waiting: isPending };
}

export function useTraditionalScript(language: Language): ToTraditional | undefined {
  return useTraditionalScriptState(language).toTraditional;
}
