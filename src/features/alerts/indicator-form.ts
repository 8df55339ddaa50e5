/**
 * The alert dialog's indicator condition (issue 34), as TradingView sets one: an interval; a line
 * (an indicator of the library with its parameters and, for one of several lines, which, or a
 * price field); an operator; a level or another line; on each closed bar or on every price. What
 * is typed stays text until the form is sent (nothing typed is lost to a refusal, and a kind picked
 * and picked back keeps its parameters); the condition is then built in the schema's key order
 * (kind, interval, line, operator, against, on; parameters in the catalog's) — the records sync
 * compares values as JSON text — and checked by the schema itself (`indicatorConditionIssues`),
 * each issue said beside the field its path names. Pure: data and words only, no indicator code.
 */
import { INTERVALS, type Interval } from '#shared/contract.ts';
import {
  indicatorConditionIssues,
  PRICE_FIELDS,
  type ConditionOperator,
  type EvaluationMode,
  type IndicatorCondition,
  type LineRef,
  type PriceField,
} from '#shared/alerts/indicator-condition.ts';
import { indicatorConditionText } from '#shared/alerts/indicator-condition-text.ts';
import { OUTPUT_KEYS } from '#shared/alerts/indicator-condition-outputs.ts';
import { INDICATOR_KINDS, type IndicatorKind } from '#shared/indicators/kinds.ts';
import { t, type MessageKey } from '../../i18n/t';
import { kindSpec, type ParamSpec } from '../../lib/indicator-catalog';

/** What a line picker holds: a price field or an indicator kind (the two sets share no name). */
export type LinePick = PriceField | IndicatorKind;

export interface LineValues {
  pick: LinePick;
  /** Each kind's parameters as typed, by key; a kind or key not here has the catalog's default. */
  params: Partial<Record<IndicatorKind, Readonly<Record<string, string>>>>;
  /** Each kind's line (an output key); a kind not here has its default line. */
  outputs: Partial<Record<IndicatorKind, string>>;
}

export interface IndicatorValues {
  interval: Interval;
  line: LineValues;
  operator: ConditionOperator;
  against: 'level' | 'line';
  /** The level as typed (any number: an oscillator's 0, Williams %R's −80). */
  level: string;
  /** The other line. */
  other: LineValues;
  on: EvaluationMode;
}

/** The two lines of a condition, by the schema's path to them. */
export type LineSide = 'line' | 'against.line';
/** The indicator fields, by the schema's paths ("line.params.period", "against.value"). */
export type IndicatorField = 'interval' | 'operator' | 'on' | 'against.value' | LineSide | `${LineSide}.output` | `${LineSide}.params.${string}`;
export type IndicatorErrors = Partial<Record<IndicatorField, string>>;

export type IndicatorResult = { ok: true; condition: IndicatorCondition } | { ok: false; errors: IndicatorErrors };

export const DEFAULT_INTERVAL: Interval = '1h';

/** The line of a kind of several a new pick starts on: MACD's own (DIF) rather than its histogram. */
const DEFAULT_OUTPUT: Partial<Record<IndicatorKind, string>> = { macd: 'macd' };

/** The picker's groups, as traders sort them; every kind once (indicator-form.test.ts holds it to INDICATOR_KINDS). */
export const KIND_GROUPS: readonly { label: MessageKey; kinds: readonly IndicatorKind[] }[] = [
  { label: 'Moving averages and bands', kinds: ['sma', 'ema', 'wma', 'bollinger', 'vwap', 'psar', 'ichimoku'] },
  { label: 'Oscillators', kinds: ['rsi', 'macd', 'kdj', 'stochastic', 'cci', 'williams-r', 'dmi'] },
  { label: 'Volume and volatility', kinds: ['volume-ma', 'obv', 'atr'] },
];

/** The price fields' names in the picker. */
export const PRICE_FIELD_WORDS: Readonly<Record<PriceField, MessageKey>> = { close: 'Close|price', open: 'Open|price', high: 'High', low: 'Low' };

export const OPERATOR_WORDS: Readonly<Record<ConditionOperator, MessageKey>> = {
  'crosses-above': 'Crosses above',
  'crosses-below': 'Crosses below',
  crosses: 'Crosses',
  above: 'Is above',
  below: 'Is below',
};

export const EVALUATION_WORDS: Readonly<Record<EvaluationMode, MessageKey>> = { 'bar-close': 'Once the bar closes', tick: 'On every price' };

export function isIndicatorKind(pick: string): pick is IndicatorKind {
  return (INDICATOR_KINDS as readonly string[]).includes(pick);
}

export function isLinePick(value: string): value is LinePick {
  return isIndicatorKind(value) || (PRICE_FIELDS as readonly string[]).includes(value);
}

export function isInterval(value: string): value is Interval {
  return (INTERVALS as readonly string[]).includes(value);
}

/** A kind's parameters with their labels, in the catalog's order. */
export function paramSpecs(kind: IndicatorKind): readonly ParamSpec[] {
  return kindSpec(kind).params;
}

/** A parameter as the form shows it: as typed, else the catalog's default. */
export function paramText(line: LineValues, kind: IndicatorKind, key: string): string {
  const typed = line.params[kind]?.[key];
  if (typed !== undefined) return typed;
  const spec = paramSpecs(kind).find((param) => param.key === key);
  return spec === undefined ? '' : String(spec.default);
}

/** The line of `kind` the form shows: the one picked, else the kind's default. */
export function outputOf(line: LineValues, kind: IndicatorKind): string {
  const picked = line.outputs[kind];
  if (picked !== undefined && OUTPUT_KEYS[kind].includes(picked)) return picked;
  return DEFAULT_OUTPUT[kind] ?? OUTPUT_KEYS[kind][0] ?? 'value';
}

/** The same line with one parameter typed. */
export function withParam(line: LineValues, kind: IndicatorKind, key: string, text: string): LineValues {
  return { ...line, params: { ...line.params, [kind]: { ...line.params[kind], [key]: text } } };
}

/** The same line on another of its indicator's lines. */
export function withOutput(line: LineValues, kind: IndicatorKind, output: string): LineValues {
  return { ...line, outputs: { ...line.outputs, [kind]: output } };
}

const lineValues = (pick: LinePick): LineValues => ({ pick, params: {}, outputs: {} });

/** A new indicator condition: RSI with its period, crossing above a level, on `interval` (the chart's) or 1h, on closed bars. */
export function defaultIndicatorValues(interval: Interval | undefined): IndicatorValues {
  return {
    interval: interval ?? DEFAULT_INTERVAL,
    line: lineValues('rsi'),
    operator: 'crosses-above',
    against: 'level',
    level: '',
    other: lineValues('close'),
    on: 'bar-close',
  };
}

/** A line of a saved condition as the form holds it: its parameters as text, exactly (String/Number round-trip). */
function lineValuesOf(ref: LineRef): LineValues {
  if (ref.source === 'price') return lineValues(ref.field);
  const params = Object.fromEntries(Object.entries(ref.params).map(([key, value]) => [key, String(value)]));
  return { pick: ref.indicator, params: { [ref.indicator]: params }, outputs: { [ref.indicator]: ref.output } };
}

/** A saved condition in the form, to edit: sent back unchanged, it builds the same condition. */
export function indicatorValuesOf(condition: IndicatorCondition): IndicatorValues {
  const { against } = condition;
  return {
    interval: condition.interval,
    line: lineValuesOf(condition.line),
    operator: condition.operator,
    against: against.kind,
    level: against.kind === 'level' ? String(against.value) : '',
    other: against.kind === 'line' ? lineValuesOf(against.line) : lineValues('close'),
    on: condition.on,
  };
}

const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?$/i;

/** A number as typed, or undefined when the text is not one. */
function numberOf(text: string): number | undefined {
  const trimmed = text.trim();
  if (!NUMBER.test(trimmed)) return undefined;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : undefined;
}

/** What a parameter must be, in the reader's words (the catalog's limits, as the schema holds them). */
function paramRule(spec: ParamSpec, text: string): string {
  const values = { param: t(spec.label), min: spec.min, max: spec.max, text: text.trim().slice(0, 20) };
  if (text.trim() === '')
    return spec.step === undefined
      ? t('{param}: enter a whole number from {min} to {max}.', values)
      : t('{param}: enter a number from {min} to {max}.', values);
  return spec.step === undefined
    ? t('{param} must be a whole number from {min} to {max}, not “{text}”.', values)
    : t('{param} must be a number from {min} to {max}, not “{text}”.', values);
}

interface Built<T> {
  /** What the schema is given: the typed numbers, a default where the text is none. */
  value: T;
  /** The text-level problems (a field empty or not a number), by field. */
  errors: IndicatorErrors;
}

function buildLine(line: LineValues, side: LineSide): Built<LineRef> {
  const { pick } = line;
  if (!isIndicatorKind(pick)) return { value: { source: 'price', field: pick }, errors: {} };
  const errors: IndicatorErrors = {};
  const params: Record<string, number> = {};
  for (const spec of paramSpecs(pick)) {
    const text = paramText(line, pick, spec.key);
    const value = numberOf(text);
    if (value === undefined) errors[`${side}.params.${spec.key}`] = paramRule(spec, text);
    params[spec.key] = value ?? spec.default;
  }
  return { value: { source: 'indicator', indicator: pick, params, output: outputOf(line, pick) }, errors };
}

function buildLevel(text: string): Built<number> {
  const trimmed = text.trim();
  if (trimmed === '') return { value: 0, errors: { 'against.value': t('Enter the level, like 70.') } };
  const value = numberOf(trimmed.replace(/(\d),(?=\d{3}\b)/g, '$1'));
  if (value === undefined)
    return { value: 0, errors: { 'against.value': t('“{text}” is not a number: type the level like 70.', { text: trimmed.slice(0, 20) }) } };
  return { value, errors: {} };
}

/** The condition the values say, in the schema's key order, with a default wherever a text is not a number. */
function build(values: IndicatorValues): Built<IndicatorCondition> {
  const line = buildLine(values.line, 'line');
  const level = values.against === 'level' ? buildLevel(values.level) : undefined;
  const other = values.against === 'line' ? buildLine(values.other, 'against.line') : undefined;
  const against: IndicatorCondition['against'] = other !== undefined ? { kind: 'line', line: other.value } : { kind: 'level', value: level?.value ?? 0 };
  return {
    value: { kind: 'indicator', interval: values.interval, line: line.value, operator: values.operator, against, on: values.on },
    errors: { ...line.errors, ...level?.errors, ...other?.errors },
  };
}

/** One part of a line's issue (`"RSI's period must be…"`, `"BOLL has no line "x"…"`) as its field and message. */
function linePart(side: LineSide, ref: LineRef | undefined, message: string): [IndicatorField, string] {
  if (ref?.source !== 'indicator') return [side, message];
  const spec = paramSpecs(ref.indicator).find((param) => message.includes(`'s ${param.key} `));
  if (spec) return [`${side}.params.${spec.key}`, paramRule(spec, String(ref.params[spec.key]))];
  if (message.includes(' has no line ')) return [`${side}.output`, message];
  return [side, message];
}

/**
 * One issue of `indicatorConditionIssues` (`"line: RSI's period must be…; …"`) as the fields it
 * names and their messages: a parameter's in the reader's words (the catalog's limits, as the
 * schema holds them), the line compared with itself too; any other as the schema words it.
 */
export function issueFields(issue: string, condition: IndicatorCondition): [IndicatorField, string][] {
  const match = /^([\w.]+): ([\s\S]*)$/.exec(issue);
  const otherRef = condition.against.kind === 'line' ? condition.against.line : undefined;
  if (!match) {
    if (otherRef) return [['against.line', t('The line is compared with itself: choose another line, or a level.')]];
    return [['line', issue]];
  }
  const [, path = '', message = ''] = match;
  for (const [side, ref] of [
    ['line', condition.line],
    ['against.line', otherRef],
  ] as const) {
    if (path === side || path.startsWith(`${side}.`)) return message.split('; ').map((part) => linePart(side, ref, part));
  }
  if (path.startsWith('against')) return [['against.value', message]];
  if (path === 'interval' || path === 'operator' || path === 'on') return [[path, message]];
  return [['line', message]];
}

/**
 * The condition of the form, or why not, field by field: a text that is not a number is said at
 * once; the rest is the schema's judgement (`indicatorConditionIssues`), every field at once.
 */
export function indicatorCondition(values: IndicatorValues): IndicatorResult {
  const { value: condition, errors } = build(values);
  // Where a number stands in for a text that is none, the lines may look alike: that is not the issue.
  const textual = Object.keys(errors).length > 0;
  for (const issue of indicatorConditionIssues(condition)) {
    if (textual && !/^[\w.]+: /.test(issue)) continue;
    // A field whose text is no number already says so: the default standing in for it is not the issue.
    for (const [field, message] of issueFields(issue, condition)) errors[field] ??= message;
  }
  return Object.keys(errors).length === 0 ? { ok: true, condition } : { ok: false, errors };
}

/**
 * The condition as the preview writes it (indicator-condition-text.ts: the trade's English in
 * every language, as the alerts list shows it), from whatever is typed: "…" where a number is
 * still missing.
 */
export function previewText(values: IndicatorValues): string {
  const { value: condition, errors } = build(values);
  const unread = new Set(Object.keys(errors));
  const blank = (ref: LineRef, side: LineSide): LineRef =>
    ref.source === 'indicator'
      ? {
          ...ref,
          params: Object.fromEntries(Object.entries(ref.params).map(([key, value]) => [key, unread.has(`${side}.params.${key}`) ? Number.NaN : value])),
        }
      : ref;
  const against: IndicatorCondition['against'] =
    condition.against.kind === 'line'
      ? { kind: 'line', line: blank(condition.against.line, 'against.line') }
      : { kind: 'level', value: unread.has('against.value') ? Number.NaN : condition.against.value };
  return indicatorConditionText({ ...condition, line: blank(condition.line, 'line'), against }).replaceAll('NaN', '…');
}

/** The fields in the order the dialog shows them: the first with a message takes focus. */
export function indicatorFieldOrder(values: IndicatorValues): IndicatorField[] {
  const lineFields = (line: LineValues, side: LineSide): IndicatorField[] =>
    isIndicatorKind(line.pick) ? [side, ...paramSpecs(line.pick).map((spec): IndicatorField => `${side}.params.${spec.key}`), `${side}.output`] : [side];
  return [
    'interval',
    ...lineFields(values.line, 'line'),
    'operator',
    ...(values.against === 'level' ? (['against.value'] as const) : lineFields(values.other, 'against.line')),
    'on',
  ];
}

function isIndicatorField(field: string): field is IndicatorField {
  return ['interval', 'operator', 'on', 'against.value', 'line', 'against.line'].includes(field) || /^(line|against\.line)\./.test(field);
}

/**
 * The messages shown after a refused Create, as the fields now are: an indicator field's goes once
 * it is right and says what is typed while it is not ("not “5000”" never stands beside 50); none
 * is added before the next Create, and the other fields' stay as they were.
 */
export function followIndicatorErrors<E extends Partial<Record<string, string>>>(shown: E, values: IndicatorValues): E {
  const result = indicatorCondition(values);
  const now: Partial<Record<string, string>> = result.ok ? {} : result.errors;
  return Object.fromEntries(
    Object.entries(shown).flatMap(([field, message]) => {
      if (!isIndicatorField(field)) return [[field, message]];
      const current = now[field];
      return current === undefined ? [] : [[field, current]];
    }),
  ) as E;
}
