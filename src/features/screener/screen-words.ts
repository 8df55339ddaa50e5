/** The screener's words for the model's names: fields, conditions, presets, columns, markets. */
import type { Market } from '#shared/contract.ts';
import type { ScreenField, ScreenColumn, SortColumn } from '#shared/screener/screen-model.ts';
import type { ScreenPreset } from '#shared/screener/screen-presets.ts';
import { t, type MessageKey } from '../../i18n/t';
import type { LeafKind } from './screen-draft';

const FIELD_NAMES: Readonly<Record<ScreenField, MessageKey>> = {
  price: 'Price',
  change: 'Change',
  'change-percent': 'Change %',
  volume: 'Volume',
  turnover: 'Turnover',
  'gap-percent': 'Gap %',
  'from-open-percent': 'From open %',
  'from-high-52w-percent': 'From 52-week high %',
  'from-low-52w-percent': 'From 52-week low %',
  'market-cap': 'Market cap',
  pe: 'P/E',
  'dividend-yield': 'Dividend yield',
};

export const fieldName = (field: ScreenField): string => t(FIELD_NAMES[field]);

const KIND_NAMES: Readonly<Record<LeafKind, MessageKey>> = {
  field: 'Quote or fundamentals',
  board: 'Board',
  rsi: 'RSI',
  'price-ma': 'Price against its MA',
  'ma-cross': 'MA cross',
  'macd-cross': 'MACD cross',
  'new-extreme': 'New high or low',
  'volume-ratio': 'Volume against its average',
  'atr-percent': 'ATR %',
};

export const kindName = (kind: LeafKind): string => t(KIND_NAMES[kind]);

const PRESET_NAMES: Readonly<Record<ScreenPreset, MessageKey>> = {
  'top-gainers': 'Top gainers',
  'most-active': 'Most active',
  'new-52w-highs': 'New 52-week highs',
  'oversold-rsi': 'Oversold (RSI)',
  'golden-cross': 'Golden cross',
};

export const presetName = (preset: ScreenPreset): string => t(PRESET_NAMES[preset]);

const MARKET_NAMES: Readonly<Record<Market, MessageKey>> = { US: 'United States', HK: 'Hong Kong', CN: 'China', GLOBAL: 'Global' };
export const marketName = (market: Market): string => t(MARKET_NAMES[market]);

/** The inputs' names, for the labels and the problems ("Period must be a whole number …"). */
const INPUT_NAMES: Readonly<Record<string, MessageKey>> = {
  field: 'Figure',
  op: 'Operator',
  value: 'Value',
  min: 'From',
  max: 'To',
  boards: 'Boards',
  period: 'Period',
  fast: 'Fast',
  slow: 'Slow',
  signal: 'Signal',
  direction: 'Direction',
  within: 'Within bars',
  side: 'High or low',
  days: 'Days',
  limit: 'Show at most',
};

export const inputName = (name: string): string => {
  const key = INPUT_NAMES[name];
  return key === undefined ? name : t(key);
};

/** A column's header: "Price", "RSI(14)", "MA(50)", "MACD(12,26,9)", "Signal(12,26,9)". */
export function columnName(column: SortColumn | ScreenColumn): string {
  if (column === 'symbol') return t('Symbol');
  if (column === 'board') return t('Board');
  if (typeof column === 'string') return fieldName(column);
  switch (column.kind) {
    case 'rsi':
      return `RSI(${String(column.period)})`;
    case 'ma':
      return `MA(${String(column.period)})`;
    case 'macd':
      return `${column.line === 'macd' ? 'MACD' : t('Signal')}(${[column.fast, column.slow, column.signal].join(',')})`;
    case 'atr-percent':
      return `ATR%(${String(column.period)})`;
    case 'volume-ratio':
      return t('Vol ×avg({period})', { period: column.period });
  }
}
