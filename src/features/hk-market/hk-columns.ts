/** The columns of the HK market table: what each shows, how wide it is, which stick to the left. */
import type { MessageKey } from '../../i18n/t';

export type NumericColumnKey = 'last' | 'change' | 'changePercent' | 'volume' | 'turnover' | 'high' | 'low' | 'open' | 'prevClose';
export type ColumnKey = 'code' | 'name' | NumericColumnKey;

export interface ColumnDef {
  key: ColumnKey;
  /** Header text, also the sort button's accessible name. */
  label: MessageKey;
  /** Tailwind width class of the <col>. */
  width: string;
  /** Code and name stay in view when the table scrolls sideways: their `left` offset class. */
  stickyLeft?: string;
}

/**
 * The last sticky column ends in a faint divider (the cells' border colour), stronger and with a
 * shadow once the table is scrolled sideways (its scroll area carries `data-scrolled` and the
 * group name `scroll`): columns are passing under it.
 */
export const STICKY_EDGE =
  'border-r group-data-[scrolled=true]/scroll:border-r-slate-300 group-data-[scrolled=true]/scroll:shadow-[6px_0_8px_-4px_rgba(0,0,0,0.5)] dark:group-data-[scrolled=true]/scroll:border-r-slate-600';

/** Display order. The name column's `left-16` is the code column's width (`w-16`). */
export const COLUMNS: readonly ColumnDef[] = [
  { key: 'code', label: 'Code', width: 'w-16', stickyLeft: 'left-0' },
  { key: 'name', label: 'Name', width: 'w-32 sm:w-40', stickyLeft: 'left-16' },
  { key: 'last', label: 'Last', width: 'w-20' },
  { key: 'change', label: 'Change', width: 'w-20' },
  { key: 'changePercent', label: 'Change %', width: 'w-22' },
  { key: 'volume', label: 'Volume', width: 'w-20' },
  { key: 'turnover', label: 'Turnover', width: 'w-20' },
  { key: 'high', label: 'High', width: 'w-20' },
  { key: 'low', label: 'Low', width: 'w-20' },
  { key: 'open', label: 'Open|price', width: 'w-20' },
  { key: 'prevClose', label: 'Prev close', width: 'w-22' },
];

export function isNumericColumn(key: ColumnKey): key is NumericColumnKey {
  return key !== 'code' && key !== 'name';
}
