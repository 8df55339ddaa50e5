/**
 * What the picker shows of each kind beside its name (names.ts): what it is, its parameters with
 * their defaults and limits, and words it is searched by. Data only: the picker's chunk carries it, and the tests draw parameters from it.
 */
import type { MessageKey } from '../../i18n/t';
import type { IndicatorKind } from './kinds';

export interface ParamSpec {
  key: string;
  label: MessageKey;
  default: number;
  min: number;
  max: number;
  /** The field's step; whole numbers when absent. */
  step?: number;
}

export interface KindSpec {
  kind: IndicatorKind;
  title: MessageKey;
  params: readonly ParamSpec[];
  /** Its lines, in the indicator's output order, by the names charting software gives them. */
  lines: readonly string[];
  /** Where it is drawn: over the candles, or in a pane of its own (the user may move it). */
  pane: 'price' | 'own' | 'volume';
  /** Other names it is known by, for the search (lower case). */
  aliases?: string;
}

const period = (value: number): ParamSpec => ({ key: 'period', label: 'Period', default: value, min: 1, max: 500 });
const whole = (key: string, label: MessageKey, value: number, min = 1): ParamSpec => ({ key, label, default: value, min, max: 500 });

export const CATALOG: readonly KindSpec[] = [
  { kind: 'sma', title: 'Simple moving average', params: [period(20)], lines: ['MA'], pane: 'price', aliases: 'sma ma' },
  { kind: 'ema', title: 'Exponential moving average', params: [period(20)], lines: ['EMA'], pane: 'price' },
  { kind: 'wma', title: 'Weighted moving average', params: [period(20)], lines: ['WMA'], pane: 'price' },
  {
    kind: 'bollinger',
    title: 'Bollinger bands',
    params: [period(20), { key: 'k', label: 'Deviations', default: 2, min: 0.1, max: 10, step: 0.1 }],
    lines: ['UPPER', 'MID', 'LOWER'],
    pane: 'price',
    aliases: 'bb bollinger',
  },
  { kind: 'vwap', title: 'Volume-weighted average price, from each session’s open', params: [], lines: ['VWAP'], pane: 'price' },
  { kind: 'volume-ma', title: 'Moving average of the volume', params: [period(20)], lines: ['VOL MA'], pane: 'volume', aliases: 'volume' },
  { kind: 'macd', title: 'Moving average convergence divergence', params: [whole('fast', 'Fast', 12), whole('slow', 'Slow', 26), whole('signal', 'Signal', 9)], lines: ['HIST', 'DIF', 'DEA'], pane: 'own' },
  { kind: 'rsi', title: 'Relative strength index', params: [period(14)], lines: ['RSI'], pane: 'own' },
  { kind: 'kdj', title: 'KDJ stochastic (K, D and J lines)', params: [period(9), whole('k', 'K smoothing', 3), whole('d', 'D smoothing', 3)], lines: ['K', 'D', 'J'], pane: 'own' },
  { kind: 'stochastic', title: 'Stochastic oscillator', params: [period(14), whole('smooth', 'Smoothing', 3), whole('signal', 'Signal', 3)], lines: ['%K', '%D'], pane: 'own', aliases: 'kd' },
  { kind: 'atr', title: 'Average true range', params: [period(14)], lines: ['ATR'], pane: 'own' },
  { kind: 'obv', title: 'On-balance volume', params: [], lines: ['OBV'], pane: 'own' },
  { kind: 'cci', title: 'Commodity channel index', params: [period(20)], lines: ['CCI'], pane: 'own' },
  { kind: 'williams-r', title: 'Williams %R', params: [period(14)], lines: ['%R'], pane: 'own', aliases: 'wr willr williams' },
  { kind: 'dmi', title: 'Directional movement and ADX', params: [period(14)], lines: ['+DI', '−DI', 'ADX'], pane: 'own', aliases: 'adx di' },
  {
    kind: 'psar',
    title: 'Parabolic SAR',
    params: [
      { key: 'step', label: 'Step', default: 0.02, min: 0.001, max: 1, step: 0.001 },
      { key: 'max', label: 'Maximum', default: 0.2, min: 0.01, max: 1, step: 0.01 },
    ],
    lines: ['SAR'],
    pane: 'price',
    aliases: 'psar',
  },
  {
    kind: 'ichimoku',
    title: 'Ichimoku cloud',
    params: [whole('conversion', 'Conversion', 9), whole('base', 'Base', 26), whole('spanB', 'Span B', 52), whole('shift', 'Shift', 26, 0)],
    lines: ['Tenkan', 'Kijun', 'Span A', 'Span B'],
    pane: 'price',
    aliases: 'cloud kumo',
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
