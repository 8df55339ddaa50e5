/**
 * The user's indicator settings as indicators (src/lib/indicators: descriptor + stream each), the
 * colours of their outputs in the chart's palette, and the period lists of the indicator field.
 */
import { t } from '../../i18n/core';
import { bollinger } from '../../lib/indicators/bollinger';
import { ema } from '../../lib/indicators/ema';
import type { Indicator, IndicatorColour } from '../../lib/indicators/indicator';
import { macd } from '../../lib/indicators/macd';
import { rsi } from '../../lib/indicators/rsi';
import { sma } from '../../lib/indicators/sma';
import { PERIOD_LIMITS, validPeriods, type IndicatorSettings } from '../../store/preferences-slice';
import type { ChartPalette } from './chart-palette';

/**
 * The indicators the settings switch on, in drawing order: MAs then EMAs (one colour cycle over
 * both), Bollinger bands, MACD, RSI. Periods the indicators cannot take are skipped, not thrown.
 */
export function activeIndicators(settings: IndicatorSettings): Indicator[] {
  const maPeriods = validPeriods(settings.ma);
  return [
    ...maPeriods.map((period, i) => sma(period, { average: i })),
    ...validPeriods(settings.ema).map((period, i) => ema(period, { average: maPeriods.length + i })),
    ...(settings.bollinger ? [bollinger(20, 2)] : []),
    ...(settings.macd ? [macd(12, 26, 9)] : []),
    ...(settings.rsi ? [rsi(14)] : []),
  ];
}

/** An output's colour in `palette`; a `sign` histogram bar takes the up or down colour of its value. */
export function indicatorColour(palette: ChartPalette, colour: IndicatorColour, value = 0): string {
  if (typeof colour === 'object') return palette.averages[colour.average % palette.averages.length] ?? palette.text;
  switch (colour) {
    case 'band':
      return palette.bollinger;
    case 'macd':
      return palette.macd;
    case 'signal':
      return palette.signal;
    case 'oscillator':
      return palette.rsi;
    case 'sign':
      return value >= 0 ? palette.volumeUp : palette.volumeDown;
  }
}

/** A short description of the active indicators, for the chart's accessible label. */
export function indicatorSummary(settings: IndicatorSettings): string {
  return activeIndicators(settings)
    .map((indicator) => indicator.label)
    .join(', ');
}

/** The field's rule, as the user reads it. */
export function periodRule(): string {
  return t('per.rule', { min: PERIOD_LIMITS.min, max: PERIOD_LIMITS.max, n: PERIOD_LIMITS.perList });
}

export type ParsedPeriods = { periods: number[]; problem?: undefined } | { periods?: undefined; problem: string };

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)$/;

/** Why one entry is not a period, or undefined when it is one. */
function entryProblem(token: string): string | undefined {
  if (!NUMBER.test(token)) return t('per.nan', { token });
  const value = Number(token);
  if (!Number.isInteger(value)) return t('per.whole', { token });
  if (value < PERIOD_LIMITS.min) return t('per.less', { token, n: PERIOD_LIMITS.min });
  if (value > PERIOD_LIMITS.max) return t('per.more', { token, n: PERIOD_LIMITS.max });
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
  if (periods.length > PERIOD_LIMITS.perList) return { problem: t('per.many', { count: periods.length }) };
  return { periods };
}

export function formatPeriods(periods: readonly number[]): string {
  return periods.join(', ');
}
