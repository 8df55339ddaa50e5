/**
 * The indicators the chart can draw, by kind: what the saved settings may name. Only this list
 * (and SMA, the default's) reaches the first page; each kind's code loads when it is on the chart
 * (src/features/chart/indicator-registry.ts), its parameters with the picker (catalog.ts).
 */
export const INDICATOR_KINDS = [
  'sma',
  'ema',
  'wma',
  'bollinger',
  'vwap',
  'volume-ma',
  'macd',
  'rsi',
  'kdj',
  'stochastic',
  'atr',
  'obv',
  'cci',
  'williams-r',
  'dmi',
  'psar',
  'ichimoku',
] as const;

export type IndicatorKind = (typeof INDICATOR_KINDS)[number];
