/**
 * The indicator period fields' text: "20, 50" read into periods, the first problem found as a
 * sentence in the active language, and the field's rule. Apart from indicator-data.ts, which the
 * chart's drawing code imports, so the words stay out of the chart library's chunk.
 */
import { t } from '../../i18n/t';
import { PERIOD_LIMITS } from '../../store/preferences-slice';

/** The field's rule, as the user reads it. */
export function periodRule(): string {
  return t('whole numbers from {min} to {max}, at most {n}, separated by commas', { min: PERIOD_LIMITS.min, max: PERIOD_LIMITS.max, n: PERIOD_LIMITS.perList });
}

export type ParsedPeriods = { periods: number[]; problem?: undefined } | { periods?: undefined; problem: string };

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)$/;

/** Why one entry is not a period, or undefined when it is one. */
function entryProblem(token: string): string | undefined {
  if (!NUMBER.test(token)) return t('“{token}” is not a number', { token });
  const value = Number(token);
  if (!Number.isInteger(value)) return t('{token} is not a whole number', { token });
  if (value < PERIOD_LIMITS.min) return t('{token} is less than {n}', { token, n: PERIOD_LIMITS.min });
  if (value > PERIOD_LIMITS.max) return t('{token} is more than {n}', { token, n: PERIOD_LIMITS.max });
  return undefined;
}

/**
 * "20, 50" → [20, 50] (spaces and semicolons separate too, repeats count once); "" → []; or the
 * first problem found, as a sentence ("2.5 is not a whole number").
 */
export function parsePeriods(text: string): ParsedPeriods {
  const tokens = text.split(/[\s,;]+/).filter((token) => token.length > 0);
  for (const token of tokens) {
    const problem = entryProblem(token);
    if (problem) return { problem };
  }
  const periods = [...new Set(tokens.map(Number))];
  if (periods.length > PERIOD_LIMITS.perList) return { problem: t('{count} periods are too many', { count: periods.length }) };
  return { periods };
}

export function formatPeriods(periods: readonly number[]): string {
  return periods.join(', ');
}
