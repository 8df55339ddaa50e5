/**
 * The text of each cell, formatted from a row's numbers at its instrument's precision, and the
 * colour of a move. A stock's precision is the tick's of its previous close's band in the HKEX
 * spread table (one all day, whatever the last price does), or more when its prices carry more;
 * the change has the price's decimals. Columns of prices line up on the decimal point
 * (`decimalPad`): rows of 1, 2 and 3 decimals in one column.
 */
import { hkSpreadDecimals } from '#shared/hk-spread-table.ts';
import { formatCompact, formatPercent, formatPrice, formatSignedChange, precisionOf } from '../../lib/format';
import type { ColumnKey } from './hk-columns';
import type { HkRow } from './hk-row';

/** The most decimals an HK price has (the spread table's smallest tick, 0.001). */
export const HK_MAX_DECIMALS = 3;

/** Decimals of an instrument's prices: 505.5 → 1, 93.70 → 2, 0.117 → 3; an index as sent. */
export function priceDecimals(row: HkRow): number {
  const { entry } = row;
  const texts = [entry.last_price, entry.open, entry.prev_close, entry.high_24h, entry.low_24h, entry.price_change_24h];
  const sent = precisionOf(texts.filter((text): text is string => text !== undefined));
  const reference = Number.isFinite(row.prevClose) ? row.prevClose : row.last;
  if (row.isIndex || !Number.isFinite(reference) || reference <= 0) return sent;
  return Math.min(HK_MAX_DECIMALS, Math.max(hkSpreadDecimals(reference), sent));
}

/**
 * The invisible tail that lines a number of `decimals` up with the column's longest fraction:
 * as many digits as it lacks, and the point when it has none ('.000' for 1500, '' for 0.117).
 */
export function decimalPad(decimals: number): string {
  const missing = Math.max(0, HK_MAX_DECIMALS - decimals);
  return decimals === 0 ? `.${'0'.repeat(HK_MAX_DECIMALS)}` : '0'.repeat(missing);
}

/** Columns whose numbers carry the row's price decimals (and line up on the point). */
export function isPriceColumn(key: ColumnKey): boolean {
  return key === 'last' || key === 'change' || key === 'high' || key === 'low' || key === 'open' || key === 'prevClose';
}

export function cellText(row: HkRow, key: ColumnKey, decimals: number): string {
  switch (key) {
    case 'code':
      return row.shownCode;
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
