/** The picker's search: kinds whose name, title (in the active language), kind or other names hold every word typed. */
import { CATALOG, type KindSpec } from '../../lib/indicator-catalog';
import { indicatorName } from '#shared/indicators/names.ts';
import { t } from '../../i18n/t';

export function searchKinds(query: string): KindSpec[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...CATALOG];
  return CATALOG.filter((spec) => {
    const text = [indicatorName(spec.kind), t(spec.title), spec.title, spec.kind, spec.aliases ?? ''].join(' ').toLowerCase();
    return words.every((word) => text.includes(word));
  });
}
