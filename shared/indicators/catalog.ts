/**
 * Each kind's parameters with their defaults and limits, its lines and its pane: the rules both
 * the chart and the server hold a saved indicator to. Data only, no words: the picker's titles,
 * labels and search words are the app's (src/lib/indicator-catalog.ts).
 */
import type { IndicatorKind } from './kinds.ts';

export interface ParamSpec {
  key: string;
  default: number;
  min: number;
  max: number;
  /** The field's step; whole numbers when absent. */
  step?: number;
}

export interface KindSpec {
  kind: IndicatorKind;
  params: readonly ParamSpec[];
  /** Its lines, in the indicator's output order, by the names charting software gives them. */
  lines: readonly string[];
  /** Where it is drawn: over the candles, or in a pane of its own (the user may move it). */
  pane: 'price' | 'own' | 'volume';
}

const period = (value: number): ParamSpec => ({ key: 'period', default: value, min: 1, max: 500 });
const whole = (key: string, value: number, min = 1): ParamSpec => ({ key, default: value, min, max: 500 });

export const CATALOG: readonly KindSpec[] = [
  { kind: 'sma', params: [period(20)], lines: ['MA'], pane: 'price' },
  { kind: 'ema', params: [period(20)], lines: ['EMA'], pane: 'price' },
  { kind: 'wma', params: [period(20)], lines: ['WMA'], pane: 'price' },
  { kind: 'bollinger', params: [period(20), { key: 'k', default: 2, min: 0.1, max: 10, step: 0.1 }], lines: ['UPPER', 'MID', 'LOWER'], pane: 'price' },
  { kind: 'vwap', params: [], lines: ['VWAP'], pane: 'price' },
  { kind: 'volume-ma', params: [period(20)], lines: ['VOL MA'], pane: 'volume' },
  { kind: 'macd', params: [whole('fast', 12), whole('slow', 26), whole('signal', 9)], lines: ['HIST', 'DIF', 'DEA'], pane: 'own' },
  { kind: 'rsi', params: [period(14)], lines: ['RSI'], pane: 'own' },
  { kind: 'kdj', params: [period(9), whole('k', 3), whole('d', 3)], lines: ['K', 'D', 'J'], pane: 'own' },
  { kind: 'stochastic', params: [period(14), whole('smooth', 3), whole('signal', 3)], lines: ['%K', '%D'], pane: 'own' },
  { kind: 'atr', params: [period(14)], lines: ['ATR'], pane: 'own' },
  { kind: 'obv', params: [], lines: ['OBV'], pane: 'own' },
  { kind: 'cci', params: [period(20)], lines: ['CCI'], pane: 'own' },
  { kind: 'williams-r', params: [period(14)], lines: ['%R'], pane: 'own' },
  { kind: 'dmi', params: [period(14)], lines: ['+DI', '−DI', 'ADX'], pane: 'own' },
  {
    kind: 'psar',
    params: [
      { key: 'step', default: 0.02, min: 0.001, max: 1, step: 0.001 },
      { key: 'max', default: 0.2, min: 0.01, max: 1, step: 0.01 },
    ],
    lines: ['SAR'],
    pane: 'price',
  },
  {
    kind: 'ichimoku',
    params: [whole('conversion', 9), whole('base', 26), whole('spanB', 52), whole('shift', 26, 0)],
    lines: ['Tenkan', 'Kijun', 'Span A', 'Span B'],
    pane: 'price',
  },
];

export function kindSpec(kind: IndicatorKind): KindSpec {
  const spec = CATALOG.find((entry) => entry.kind === kind);
  if (!spec) throw new Error(`no catalog entry for ${kind}`);
  return spec;
}

/** Each parameter of `kind` from `params`, its default where missing, held to its limits. */
export function paramsFor(kind: IndicatorKind, params: Readonly<Record<string, number>> = {}): Record<string, number> {
  return Object.fromEntries(
    kindSpec(kind).params.map((spec) => {
      const given = params[spec.key];
      const value = given === undefined || !Number.isFinite(given) ? spec.default : Math.min(spec.max, Math.max(spec.min, given));
      return [spec.key, spec.step === undefined ? Math.round(value) : value];
    }),
  );
}
