/**
 * The user's indicator settings as indicators (src/lib/indicators: descriptor + stream each), the
 * colours of their outputs in the chart's palette, and the period lists of the indicator field.
 */
import { bollinger } from '../../lib/indicators/bollinger';
import { ema } from '../../lib/indicators/ema';
import type { Indicator, IndicatorColour } from '../../lib/indicators/indicator';
import { macd } from '../../lib/indicators/macd';
import { rsi } from '../../lib/indicators/rsi';
import { sma } from '../../lib/indicators/sma';
import { validPeriods, type IndicatorSettings } from '../../store/preferences-slice';
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
  if (typeof colour === 'object') return 'css' in colour ? colour.css : (palette.averages[colour.average % palette.averages.length] ?? palette.text);
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

