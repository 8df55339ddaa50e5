/**
 * The chart's indicators as the user set them: a list of instances, each a kind with its
 * parameters and, if chosen, its colours and pane (several of one kind: MA 5, 10, 20, 60 are four
 * instances). One exported type (IndicatorList) for wherever the list is kept. Saved settings are
 * untrusted: validIndicators keeps the instances that make sense and drops the rest.
 */
import { isIndicatorKind, type IndicatorKind } from '../lib/indicators/kinds';

export interface IndicatorInstance {
  /** Unique in its list, stable while it is edited (a colour or a period change keeps it). */
  id: string;
  kind: IndicatorKind;
  /** By the kind's parameter names; missing ones take the kind's defaults. */
  params: Record<string, number>;
  /** A colour per output (#rrggbb), in the indicator's output order; absent: the theme's. */
  colours?: string[];
  /** Over the price or in a pane of its own; absent: where the kind goes. */
  pane?: 'price' | 'own';
}

export type IndicatorList = IndicatorInstance[];

export const MAX_INDICATORS = 20;
const MAX_PARAMS = 8;
const COLOUR = /^#[0-9a-f]{6}$/i;

export const DEFAULT_INDICATORS: IndicatorList = [
  { id: 'sma-1', kind: 'sma', params: { period: 20 } },
  { id: 'sma-2', kind: 'sma', params: { period: 50 } },
];

function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

function validInstance(value: unknown): IndicatorInstance | undefined {
  const source = record(value);
  if (!source || typeof source.id !== 'string' || source.id.length === 0 || source.id.length > 40 || !isIndicatorKind(source.kind)) return undefined;
  const params = Object.entries(record(source.params) ?? {});
  if (params.length > MAX_PARAMS || params.some(([, v]) => typeof v !== 'number' || !Number.isFinite(v))) return undefined;
  const instance: IndicatorInstance = { id: source.id, kind: source.kind, params: Object.fromEntries(params) as Record<string, number> };
  if (source.colours !== undefined) {
    const colours = source.colours;
    if (!Array.isArray(colours) || colours.length > MAX_PARAMS || !colours.every((c) => typeof c === 'string' && COLOUR.test(c))) return undefined;
    instance.colours = colours as string[];
  }
  if (source.pane !== undefined) {
    if (source.pane !== 'price' && source.pane !== 'own') return undefined;
    instance.pane = source.pane;
  }
  return instance;
}

/** The instances of `value` that make sense, ids unique, at most MAX_INDICATORS; `dropped` when any was not. */
export function validIndicators(value: unknown): { list: IndicatorList; dropped: boolean } {
  if (!Array.isArray(value)) return { list: DEFAULT_INDICATORS, dropped: value !== undefined };
  const seen = new Set<string>();
  const list: IndicatorList = [];
  for (const item of value) {
    const instance = validInstance(item);
    if (!instance || seen.has(instance.id) || list.length >= MAX_INDICATORS) continue;
    seen.add(instance.id);
    list.push(instance);
  }
  return { list, dropped: list.length !== value.length };
}

/** An id for one more `kind` in `list`. */
export function newInstanceId(list: IndicatorList, kind: IndicatorKind): string {
  const taken = new Set(list.map((instance) => instance.id));
  let n = 1;
  while (taken.has(`${kind}-${String(n)}`)) n += 1;
  return `${kind}-${String(n)}`;
}

/** The periods of the `kind` instances (the MA and EMA fields), in list order. */
export function periodsOf(list: IndicatorList, kind: IndicatorKind): number[] {
  return list.filter((instance) => instance.kind === kind).map((instance) => instance.params.period ?? 20);
}

/**
 * `list` with its `kind` instances set to `periods`: one with a period still asked for keeps its
 * id, colour and place; the new ones follow the last of that kind (or the end).
 */
export function withPeriods(list: IndicatorList, kind: IndicatorKind, periods: readonly number[]): IndicatorList {
  const wanted = new Set(periods);
  const kept = list.filter((instance) => instance.kind !== kind || wanted.has(instance.params.period ?? 20));
  const have = new Set(periodsOf(kept, kind));
  const added: IndicatorList = [];
  for (const period of periods) {
    if (have.has(period)) continue;
    have.add(period);
    added.push({ id: newInstanceId([...kept, ...added], kind), kind, params: { period } });
  }
  const last = kept.map((instance) => instance.kind).lastIndexOf(kind);
  const at = last < 0 ? kept.length : last + 1;
  return [...kept.slice(0, at), ...added, ...kept.slice(at)];
}

/**
 * The settings before version 3 ({ma: [20, 50], ema: [], bollinger, macd, rsi}) as instances,
 * in their drawing order then: MAs, EMAs, Bollinger (20, 2), MACD (12, 26, 9), RSI (14).
 */
export function fromLegacySettings(value: unknown): unknown {
  const old = record(value);
  if (!old) return value;
  const periods = (v: unknown): number[] => (Array.isArray(v) ? v.filter((p): p is number => Number.isInteger(p) && p >= 1 && p <= 500) : []);
  const list: IndicatorList = [];
  const add = (kind: IndicatorKind, params: Record<string, number>): void => {
    list.push({ id: newInstanceId(list, kind), kind, params });
  };
  for (const period of periods(old.ma)) add('sma', { period });
  for (const period of periods(old.ema)) add('ema', { period });
  if (old.bollinger === true) add('bollinger', { period: 20, k: 2 });
  if (old.macd === true) add('macd', { fast: 12, slow: 26, signal: 9 });
  if (old.rsi === true) add('rsi', { period: 14 });
  return list;
}
