/** Each kind by the name the trade writes it with, the same in every language (labels: "MA 20"). */
import { INDICATOR_KINDS, type IndicatorKind } from './kinds.ts';

/** In the order of INDICATOR_KINDS (the first page carries each kind's key once). */
const NAMES = ['MA', 'EMA', 'WMA', 'BOLL', 'VWAP', 'VOL MA', 'MACD', 'RSI', 'KDJ', 'STOCH', 'ATR', 'OBV', 'CCI', '%R', 'DMI', 'SAR', 'Ichimoku'] as const;

export function indicatorName(kind: IndicatorKind): string {
  return NAMES[INDICATOR_KINDS.indexOf(kind)] ?? kind;
}
