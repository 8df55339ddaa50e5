/** The count line above the table: '2,603 securities', or '12 of 2,603 match' when filtered. */
import { t } from '../../i18n/t';
import { formatInteger } from '../../lib/format';

export function countText(shown: number, total: number): string {
  if (shown === total) return t('{n} securities', { n: formatInteger(total), count: total });
  return t('{shown} of {n} match', { shown: formatInteger(shown), n: formatInteger(total), count: shown });
}
