/** The count line above the table: '2,603 securities', or '12 of 2,603 match' when filtered. */
import { formatInteger } from '../../lib/format';

export function countText(shown: number, total: number): string {
  if (shown === total) return `${formatInteger(total)} ${total === 1 ? 'security' : 'securities'}`;
  return `${formatInteger(shown)} of ${formatInteger(total)} ${shown === 1 ? 'matches' : 'match'}`;
}
