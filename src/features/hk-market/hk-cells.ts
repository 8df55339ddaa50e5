/**
 * The text of each cell, formatted from a row's numbers at its own precision (the most decimals
 * among the row's price strings), and the colour of a move.
 */
import { formatCompact, formatPercent, formatPrice, formatSignedChange, precisionOf } from '../../lib/format';
import type { ColumnKey } from './hk-columns';
import type { HkRow } from './hk-row';

/** Decimals of a row's prices: '527.5' and '505.5' → 1; '0.148' → 3. */
export function priceDecimals(row: HkRow): number {
  const { entry } = row;
  const texts = [entry.last_price, entry.open, entry.prev_close, entry.high_24h, entry.low_24h, entry.price_change_24h];
  return precisionOf(texts.filter((text): text is string => text !== undefined));
}

export function cellText(row: HkRow, key: ColumnKey, decimals: number): string {
  switch (key) {
    case 'code':
      return row.code;
    case 'name':
      return row.name;
    case 'change':
      return formatSignedChange(row.change, decimals);
    case 'changePercent':
      return formatPercent(row.changePercent);
    case 'volume':
      return formatCompact(row.volume);
    case 'turnover':
      return formatCompact(row.turnover);
    case 'last':
    case 'high':
    case 'low':
    case 'open':
    case 'prevClose':
      return formatPrice(row[key], decimals);
  }
}

/** Up, down or flat colour of a change (a class; the colours are the theme's tokens). */
export function moveClass(change: number): string {
  if (change > 0) return 'text-(--color-up)';
  if (change < 0) return 'text-(--color-down)';
  return 'text-slate-500 dark:text-slate-400';
}
