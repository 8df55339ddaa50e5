/**
 * An indicator condition in a few English words, for a notification, a webhook's {{condition}} or
 * a log line: "RSI(14) on 1h crosses above 70", "MA(20) crosses above MA(50) on 1d", "close above
 * BOLL(20, 2) UPPER on 1h". Indicators go by the trade's names (names.ts: the same in every
 * language, as the chart's legends write them), their parameters in the catalog's order, and a line
 * of an indicator of several by the catalog's line name.
 */
import { kindSpec } from '../indicators/catalog.ts';
import { indicatorName } from '../indicators/names.ts';
import type { Crossing } from './alert-model.ts';
import type { ConditionOperator, IndicatorCondition, IndicatorLineRef, LineRef } from './indicator-condition.ts';
import { outputLabel } from './indicator-condition-outputs.ts';

const OPERATOR_WORDS: Readonly<Record<ConditionOperator, string>> = {
  'crosses-above': 'crosses above',
  'crosses-below': 'crosses below',
  crosses: 'crosses',
  above: 'above',
  below: 'below',
};

/** "RSI(14)", "BOLL(20, 2)", "VWAP": the indicator without its line. */
function indicatorText(ref: IndicatorLineRef): string {
  const params = kindSpec(ref.indicator).params.map((spec) => String(ref.params[spec.key]));
  return params.length === 0 ? indicatorName(ref.indicator) : `${indicatorName(ref.indicator)}(${params.join(', ')})`;
}

function withLabel(text: string, ref: IndicatorLineRef): string {
  const label = outputLabel(ref.indicator, ref.output);
  return label === undefined ? text : `${text} ${label}`;
}

/** "close", "RSI(14)", "MACD(12, 26, 9) DIF". */
export function lineText(ref: LineRef): string {
  return ref.source === 'price' ? ref.field : withLabel(indicatorText(ref), ref);
}

/** The other line; only its line name when it is another line of the same indicator ("DIF crosses above DEA"). */
function againstText(line: LineRef, against: LineRef): string {
  if (line.source === 'indicator' && against.source === 'indicator' && indicatorText(line) === indicatorText(against)) {
    return outputLabel(against.indicator, against.output) ?? lineText(against);
  }
  return lineText(against);
}

/** The condition in English; the interval follows the line against a level, the pair of lines otherwise. */
export function indicatorConditionText(condition: IndicatorCondition): string {
  const { line, against, interval } = condition;
  const operator = OPERATOR_WORDS[condition.operator];
  if (against.kind === 'level') return `${lineText(line)} on ${interval} ${operator} ${String(against.value)}`;
  return `${lineText(line)} ${operator} ${againstText(line, against.line)} on ${interval}`;
}

/**
 * What a trigger of the condition was, for a log line, a notification or a webhook: the condition,
 * with `crosses` told which way the trigger went ("MA(20) crosses below MA(50) on 1d").
 */
export function firedConditionText(condition: IndicatorCondition, crossing: Crossing): string {
  if (condition.operator !== 'crosses') return indicatorConditionText(condition);
  return indicatorConditionText({ ...condition, operator: crossing === 'up' ? 'crosses-above' : 'crosses-below' });
}
