/**
 * What the picker shows of each kind beside its name (#shared/indicators/names.ts): the kind's
 * rules from #shared/indicators/catalog.ts (parameters with their defaults and limits, lines,
 * pane) with the app's words for them: a title, each parameter's label, and words it is searched
 * by. Data only: the alert dialog's indicator condition uses it too, so it comes with the alerts
 * after the first candle (never on the first page); the tests draw parameters from it.
 */
import type { MessageKey } from '../i18n/t';
import * as rules from '#shared/indicators/catalog.ts';
import type { IndicatorKind } from '#shared/indicators/kinds.ts';

export { paramsFor } from '#shared/indicators/catalog.ts';

export interface ParamSpec extends rules.ParamSpec {
  label: MessageKey;
}

export interface KindSpec extends rules.KindSpec {
  title: MessageKey;
  params: readonly ParamSpec[];
  /** Other names it is known by, for the search (lower case). */
  aliases?: string;
}

interface KindWords {
  title: MessageKey;
  /** Labels of the parameters this kind names otherwise than PARAM_LABELS does. */
  labels?: Readonly<Record<string, MessageKey>>;
  aliases?: string;
}

/** A parameter's label by its key, for every kind that does not name it otherwise. */
const PARAM_LABELS: Readonly<Record<string, MessageKey>> = {
  period: 'Period',
  fast: 'Fast',
  slow: 'Slow',
  signal: 'Signal',
  smooth: 'Smoothing',
  step: 'Step',
  max: 'Maximum',
  conversion: 'Conversion',
  base: 'Base',
  spanB: 'Span B',
  shift: 'Shift',
};

const WORDS: Readonly<Record<IndicatorKind, KindWords>> = {
  sma: { title: 'Simple moving average', aliases: 'sma ma' },
  ema: { title: 'Exponential moving average' },
  wma: { title: 'Weighted moving average' },
  bollinger: { title: 'Bollinger bands', labels: { k: 'Deviations' }, aliases: 'bb bollinger' },
  vwap: { title: 'Volume-weighted average price, from each session’s open' },
  'volume-ma': { title: 'Moving average of the volume', aliases: 'volume' },
  macd: { title: 'Moving average convergence divergence' },
  rsi: { title: 'Relative strength index' },
  kdj: { title: 'KDJ stochastic (K, D and J lines)', labels: { k: 'K smoothing', d: 'D smoothing' } },
  stochastic: { title: 'Stochastic oscillator', aliases: 'kd' },
  atr: { title: 'Average true range' },
  obv: { title: 'On-balance volume' },
  cci: { title: 'Commodity channel index' },
  'williams-r': { title: 'Williams %R', aliases: 'wr willr williams' },
  dmi: { title: 'Directional movement and ADX', aliases: 'adx di' },
  psar: { title: 'Parabolic SAR', aliases: 'psar' },
  ichimoku: { title: 'Ichimoku cloud', aliases: 'cloud kumo' },
};

function labelOf(kind: IndicatorKind, key: string): MessageKey {
  const label = WORDS[kind].labels?.[key] ?? PARAM_LABELS[key];
  if (label === undefined) throw new Error(`no label for ${kind}'s parameter ${key}`);
  return label;
}

export const CATALOG: readonly KindSpec[] = rules.CATALOG.map((spec) => {
  const { title, aliases } = WORDS[spec.kind];
  return {
    ...spec,
    title,
    ...(aliases !== undefined && { aliases }),
    params: spec.params.map((param) => ({ ...param, label: labelOf(spec.kind, param.key) })),
  };
});

export function kindSpec(kind: IndicatorKind): KindSpec {
  const spec = CATALOG.find((entry) => entry.kind === kind);
  if (!spec) throw new Error(`no catalog entry for ${kind}`);
  return spec;
}
