/**
 * The indicators the chart can draw, by kind: what the saved settings may name. Only this list
 * (and SMA, the default's) reaches the first page; each kind's code loads when it is on the chart
 * (features/chart/indicator-registry.ts), its parameters and names with the picker (catalog.ts).
 */
/** Each kind by the name the trade writes it with, the same in every language (labels: "MA 20"). */
export const INDICATOR_NAMES = {
  sma: 'MA',
  ema: 'EMA',
  wma: 'WMA',
  bollinger: 'BOLL',
  vwap: 'VWAP',
  'volume-ma': 'VOL MA',
  macd: 'MACD',
  rsi: 'RSI',
  kdj: 'KDJ',
  stochastic: 'STOCH',
  atr: 'ATR',
  obv: 'OBV',
  cci: 'CCI',
  'williams-r': '%R',
  dmi: 'DMI',
  psar: 'SAR',
  ichimoku: 'Ichimoku',
} as const;

export type IndicatorKind = keyof typeof INDICATOR_NAMES;

export const INDICATOR_KINDS = Object.keys(INDICATOR_NAMES) as IndicatorKind[];

export function isIndicatorKind(value: unknown): value is IndicatorKind {
  return (INDICATOR_KINDS as readonly unknown[]).includes(value);
}
