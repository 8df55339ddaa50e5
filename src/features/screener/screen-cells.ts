/** A result cell's text by its column: prices, signed changes, percents, large numbers, ratios. */
import type { ScreenColumn } from '#shared/screener/screen-model.ts';
import { formatCompact, formatPercent, formatPrice, formatSignedChange } from '../../lib/format';

const MISSING = '—';

/** Decimals for a price of unknown precision: more for small prices. */
export function priceDecimals(value: number): number {
  const abs = Math.abs(value);
  if (abs === 0 || abs >= 100) return 2;
  if (abs >= 1) return abs >= 10 ? 2 : 3;
  return 4;
}

const PERCENT_FIELDS: ReadonlySet<string> = new Set([
  'change-percent',
  'gap-percent',
  'from-open-percent',
  'from-high-52w-percent',
  'from-low-52w-percent',
  'dividend-yield',
]);
const COMPACT_FIELDS: ReadonlySet<string> = new Set(['volume', 'turnover', 'market-cap']);

export function cellText(column: ScreenColumn, value: number | string | null | undefined): string {
  if (value === null || value === undefined) return MISSING;
  if (typeof value === 'string') return value;
  if (!Number.isFinite(value)) return MISSING;
  if (typeof column === 'string') {
    if (column === 'price') return formatPrice(value, priceDecimals(value));
    if (column === 'change') return formatSignedChange(value, priceDecimals(value));
    if (PERCENT_FIELDS.has(column)) return column === 'dividend-yield' ? `${formatPrice(value, 2)}%` : formatPercent(value);
    if (COMPACT_FIELDS.has(column)) return formatCompact(value);
    return formatPrice(value, 2);
  }
  switch (column.kind) {
    case 'ma':
      return formatPrice(value, priceDecimals(value));
    case 'volume-ratio':
      return `${formatPrice(value, 2)}×`;
    case 'atr-percent':
      return `${formatPrice(value, 2)}%`;
    default:
      return formatPrice(value, 2);
  }
}

/** Whether the column's value is a move, coloured up or down. */
export const isMoveColumn = (column: ScreenColumn): boolean => column === 'change' || column === 'change-percent';

/** Up, down or flat colour of a move (the theme's tokens, as the HK table's cells). */
export function moveClass(change: number): string {
  if (change > 0) return 'text-(--color-up)';
  if (change < 0) return 'text-(--color-down)';
  return 'text-slate-500 dark:text-slate-400';
}
