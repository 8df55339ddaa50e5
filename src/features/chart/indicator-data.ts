/**
 * Indicator values for the chart from the candles' closes and the user's indicator settings:
 * moving-average overlays and Bollinger bands over the price, MACD and RSI in panes of their own.
 */
import { bollinger, ema, macd, rsi, sma, type IndicatorSeries } from '../../lib/indicators';
import type { IndicatorSettings } from '../../store/preferences-slice';
import type { ChartPalette } from './chart-palette';

export interface OverlayLine {
  /** Stable identity, e.g. "ma-20", "bb-upper". */
  key: string;
  color: string;
  dashed: boolean;
  values: IndicatorSeries;
}

export interface IndicatorValues {
  overlays: OverlayLine[];
  macd?: { macd: IndicatorSeries; signal: IndicatorSeries; histogram: IndicatorSeries };
  rsi?: IndicatorSeries;
}

export const MAX_PERIOD = 500;

/** Periods the indicators accept: whole numbers from 1 to MAX_PERIOD, each once, in order given. */
export function validPeriods(periods: readonly number[]): number[] {
  return [...new Set(periods.filter((p) => Number.isInteger(p) && p >= 1 && p <= MAX_PERIOD))];
}

export function computeIndicators(closes: readonly number[], settings: IndicatorSettings, palette: ChartPalette): IndicatorValues {
  const colorAt = (i: number): string => palette.averages[i % palette.averages.length] ?? palette.text;
  const maPeriods = validPeriods(settings.ma);
  const overlays: OverlayLine[] = [
    ...maPeriods.map((period, i) => ({ key: `ma-${String(period)}`, color: colorAt(i), dashed: false, values: sma(closes, period) })),
    ...validPeriods(settings.ema).map((period, i) => ({
      key: `ema-${String(period)}`,
      color: colorAt(maPeriods.length + i),
      dashed: true,
      values: ema(closes, period),
    })),
  ];
  if (settings.bollinger) {
    const bands = bollinger(closes);
    overlays.push(
      { key: 'bb-upper', color: palette.bollinger, dashed: false, values: bands.upper },
      { key: 'bb-middle', color: palette.bollinger, dashed: true, values: bands.middle },
      { key: 'bb-lower', color: palette.bollinger, dashed: false, values: bands.lower },
    );
  }
  return {
    overlays,
    ...(settings.macd && { macd: macd(closes) }),
    ...(settings.rsi && { rsi: rsi(closes) }),
  };
}

/** A short description of the active indicators, for the chart's accessible label. */
export function indicatorSummary(settings: IndicatorSettings): string {
  const parts = [
    ...validPeriods(settings.ma).map((p) => `MA ${String(p)}`),
    ...validPeriods(settings.ema).map((p) => `EMA ${String(p)}`),
    ...(settings.bollinger ? ['Bollinger 20, 2'] : []),
    ...(settings.macd ? ['MACD 12, 26, 9'] : []),
    ...(settings.rsi ? ['RSI 14'] : []),
  ];
  return parts.join(', ');
}

/** "20, 50" → [20, 50]; "" → []; undefined when any entry is not a period from 1 to MAX_PERIOD. */
export function parsePeriods(text: string): number[] | undefined {
  const tokens = text.split(/[\s,;]+/).filter((token) => token.length > 0);
  const periods = tokens.map(Number);
  if (periods.some((p) => !Number.isInteger(p) || p < 1 || p > MAX_PERIOD)) return undefined;
  return [...new Set(periods)];
}

export function formatPeriods(periods: readonly number[]): string {
  return periods.join(', ');
}
