/**
 * An indicator alert's condition, as TradingView has them: a line (a price field or one output of
 * an indicator of the library, with its parameters) against a level or another line, on one
 * interval, evaluated on completed bars or on every tick of the forming bar. Data only, checked at
 * the trust boundary (a stored alert, a browser's request) by `indicatorConditionSchema`; the
 * evaluation is indicator-condition-evaluator.ts, the words indicator-condition-text.ts.
 *
 * Parameters are the library's (`IndicatorParams`, held to the catalog's limits) and a line is an
 * output's key (`IndicatorOutput.key`: "value" for an indicator of one line, "upper", "signal"…),
 * so the evaluator builds the very indicator the chart draws.
 */
import { INTERVALS, type Interval } from '../contract.ts';
import { kindSpec } from '../indicators/catalog.ts';
import type { IndicatorParams } from '../indicators/indicator.ts';
import { INDICATOR_KINDS, type IndicatorKind } from '../indicators/kinds.ts';
import { indicatorName } from '../indicators/names.ts';
import * as z from '../schema.ts';
import { OUTPUT_KEYS } from './indicator-condition-outputs.ts';

export const PRICE_FIELDS = ['close', 'open', 'high', 'low'] as const;
export type PriceField = (typeof PRICE_FIELDS)[number];

/**
 * crosses-*: the line passes the other from one evaluation to the next (crossing.ts's rules);
 * above / below: the line becomes strictly above or below the other (true after false).
 */
export const CONDITION_OPERATORS = ['crosses-above', 'crosses-below', 'crosses', 'above', 'below'] as const;
export type ConditionOperator = (typeof CONDITION_OPERATORS)[number];

/** On each completed bar, or on every price of the forming bar (at most once per bar). */
export const EVALUATION_MODES = ['bar-close', 'tick'] as const;
export type EvaluationMode = (typeof EVALUATION_MODES)[number];

export interface PriceLineRef {
  source: 'price';
  field: PriceField;
}

export interface IndicatorLineRef {
  source: 'indicator';
  indicator: IndicatorKind;
  /** Every parameter of the kind (catalog.ts), none other. */
  params: IndicatorParams;
  /** One of the indicator's output keys (indicator-condition-outputs.ts). */
  output: string;
}

export type LineRef = PriceLineRef | IndicatorLineRef;

export type ConditionAgainst = { kind: 'level'; value: number } | { kind: 'line'; line: LineRef };

export interface IndicatorCondition {
  kind: 'indicator';
  interval: Interval;
  line: LineRef;
  operator: ConditionOperator;
  against: ConditionAgainst;
  on: EvaluationMode;
}

/** What the bars of an indicator line depend on: its kind and parameters (its lines share a stream). */
export function indicatorIdentity(ref: IndicatorLineRef): string {
  return [ref.indicator, ...kindSpec(ref.indicator).params.map((spec) => String(ref.params[spec.key]))].join(' ');
}

function lineIdentity(ref: LineRef): string {
  return ref.source === 'price' ? ref.field : `${indicatorIdentity(ref)} ${ref.output}`;
}

/** What is wrong with the parameters of `ref`, one message per parameter. */
function paramProblems(ref: IndicatorLineRef): string[] {
  const name = indicatorName(ref.indicator);
  const specs = kindSpec(ref.indicator).params;
  const problems = Object.keys(ref.params)
    .filter((key) => !specs.some((spec) => spec.key === key))
    .map((key) => `${name} has no parameter "${key}"`);
  for (const spec of specs) {
    const value = ref.params[spec.key];
    const whole = spec.step === undefined;
    if (value === undefined) problems.push(`${name}'s ${spec.key} is missing`);
    else if (value < spec.min || value > spec.max || (whole && !Number.isInteger(value)))
      problems.push(`${name}'s ${spec.key} must be ${whole ? 'a whole number' : 'a number'} from ${spec.min} to ${spec.max}, got ${value}`);
  }
  return problems;
}

const priceLine = z.object({ source: z.enum(['price']), field: z.enum(PRICE_FIELDS) });

const indicatorLine = z
  .object({
    source: z.enum(['indicator']),
    indicator: z.enum(INDICATOR_KINDS),
    params: z.record(z.string(), z.number()),
    output: z.string(),
  })
  .check(
    (ref) => paramProblems(ref).join('; ') || undefined,
    (ref) =>
      OUTPUT_KEYS[ref.indicator].includes(ref.output)
        ? undefined
        : `${indicatorName(ref.indicator)} has no line "${ref.output}" (its lines: ${OUTPUT_KEYS[ref.indicator].join(', ')})`,
  );

const lineSchema = z.union([priceLine, indicatorLine]);
const levelAgainst = z.object({ kind: z.enum(['level']), value: z.number() });
const lineAgainst = z.object({ kind: z.enum(['line']), line: lineSchema });

export const indicatorConditionSchema: z.Schema<IndicatorCondition> = z
  .object({
    kind: z.enum(['indicator']),
    interval: z.enum(INTERVALS),
    line: lineSchema,
    operator: z.enum(CONDITION_OPERATORS),
    against: z.union([levelAgainst, lineAgainst]),
    on: z.enum(EVALUATION_MODES),
  })
  .check(({ line, against }) =>
    against.kind === 'line' && lineIdentity(line) === lineIdentity(against.line) ? 'the line is compared with itself' : undefined,
  );

/**
 * The options of each union of the schema by its discriminant: a union only says that no option
 * matched, so a message for people asks the option the value claims to be.
 */
const UNIONS: Readonly<Record<string, { key: string; options: Readonly<Record<string, z.Schema<unknown>>> }>> = {
  line: { key: 'source', options: { price: priceLine, indicator: indicatorLine } },
  against: { key: 'kind', options: { level: levelAgainst, line: lineAgainst } },
};

/** What schema.ts's union says when no option matches. */
const NO_OPTION = 'no option of the union matches';

function formatIssue(path: readonly PropertyKey[], message: string): string {
  return path.length === 0 ? message : `${path.map(String).join('.')}: ${message}`;
}

/** One issue in words: a union's "no option" is replaced by the issues of the option the value names. */
function explain(issue: z.Issue, value: unknown, prefix: readonly PropertyKey[]): string[] {
  const path = [...prefix, ...issue.path];
  const union = UNIONS[String(issue.path.at(-1))];
  if (issue.message !== NO_OPTION || union === undefined) return [formatIssue(path, issue.message)];
  const inner: unknown = issue.path.reduce<unknown>((at, key) => (at as Record<PropertyKey, unknown> | undefined)?.[key], value);
  const tag = (inner as Record<string, unknown> | null | undefined)?.[union.key];
  const option = typeof tag === 'string' ? union.options[tag] : undefined;
  if (option === undefined) return [formatIssue([...path, union.key], `expected one of ${Object.keys(union.options).join(', ')}`)];
  const result = option.safeParse(inner);
  return result.success ? [] : result.error.issues.flatMap((nested) => explain(nested, inner, path));
}

/** Why `value` is not an indicator condition, for people ("line.params: RSI's period must be…"); empty when it is one. */
export function indicatorConditionIssues(value: unknown): string[] {
  const result = indicatorConditionSchema.safeParse(value);
  return result.success ? [] : result.error.issues.flatMap((issue) => explain(issue, value, []));
}
