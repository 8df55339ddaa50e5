/**
 * One row of the HK market table, derived once per data update from a §2.5 entry: the numbers
 * parsed (NaN when absent), the search keys prepared, the chart symbol resolved. Sorting and
 * filtering then work on these rows without parsing a string or creating an object again.
 */
import type { HkTicker } from '../../api/quote-schemas';
import { hkFeedToSymbol } from '#shared/symbols.ts';
import { hkDisplayCode } from '../../lib/hk-code';

export interface HkRow {
  /** Position in the feed; the tie-breaker that keeps every sort stable. */
  readonly index: number;
  /** The code as the feed sends it: '700', '00700' or 'HSI'. */
  readonly code: string;
  /** The code as Hong Kong writes it, what the table shows: '00700'; an index's as sent ('HSI'). */
  readonly shownCode: string;
  /** The chart symbol: '700.HK'; indices keep their code ('HSI'). */
  readonly symbol: string;
  /** In the language's script where the catalogue has it (useLocalNames), else the feed's. */
  readonly name: string;
  readonly type: string;
  readonly isIndex: boolean;
  /** Upper-case code without leading zeros ('700', 'HSI'): what a code query is matched against. */
  readonly codeKey: string;
  /** The numeric code (700), NaN for indices. */
  readonly codeNumber: number;
  /** Lower-case name for case-insensitive matching. */
  readonly nameKey: string;
  readonly last: number;
  readonly change: number;
  /** In percent: 4.35 means +4.35 %. */
  readonly changePercent: number;
  readonly volume: number;
  /** Traded value (quote_volume_24h). */
  readonly turnover: number;
  readonly high: number;
  readonly low: number;
  readonly open: number;
  readonly prevClose: number;
  /** The entry as received: its decimal strings give each price its own precision. */
  readonly entry: HkTicker;
}

function num(text: string | undefined): number {
  return text === undefined ? Number.NaN : Number(text);
}

/** '00700' → '700', 'hsi' → 'HSI'; a code of zeros stays '0'. */
export function codeKeyOf(code: string): string {
  const upper = code.trim().toUpperCase();
  return /^\d+$/.test(upper) ? upper.replace(/^0+(?=\d)/, '') : upper;
}

/** A symbol's name in the language's script, undefined where the feed's name stays. */
export type NameOf = (symbol: string) => string | undefined;

export function toHkRow(entry: HkTicker, index: number, nameOf?: NameOf): HkRow {
  const symbol = hkFeedToSymbol(entry.symbol);
  const name = nameOf?.(symbol) ?? entry.name;
  const codeKey = codeKeyOf(entry.symbol);
  const last = num(entry.last_price);
  const prevClose = num(entry.prev_close);
  const sentChange = num(entry.price_change_24h);
  const change = Number.isFinite(sentChange) ? sentChange : last - prevClose;
  const sentPercent = num(entry.price_change_percent_24h);
  const changePercent = Number.isFinite(sentPercent) ? sentPercent : prevClose > 0 ? (change / prevClose) * 100 : Number.NaN;
  return {
    index,
    code: entry.symbol,
    shownCode: hkDisplayCode(entry.symbol) ?? entry.symbol,
    symbol,
    name,
    type: entry.type,
    isIndex: entry.type === 'indices',
    codeKey,
    codeNumber: /^\d+$/.test(codeKey) ? Number(codeKey) : Number.NaN,
    nameKey: name.toLowerCase(),
    last,
    change,
    changePercent,
    volume: num(entry.volume_24h),
    turnover: num(entry.quote_volume_24h),
    high: num(entry.high_24h),
    low: num(entry.low_24h),
    open: num(entry.open),
    prevClose,
    entry,
  };
}

export function toHkRows(entries: readonly HkTicker[], nameOf?: NameOf): HkRow[] {
  return entries.map((entry, index) => toHkRow(entry, index, nameOf));
}
