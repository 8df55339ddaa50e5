/**
 * What an indicator's legend reads: its name and parameters ("MACD 12 26 9") and each output's
 * value at the precision of the scale it is drawn on (the price's over the candles, its own
 * series' in a pane of its own, the volume's compact form on the volume's pane), in its line's
 * colour.
 */
import { paramsFor } from '#shared/indicators/catalog.ts';
import type { Indicator, IndicatorPane } from '#shared/indicators/indicator.ts';
import { indicatorName } from '#shared/indicators/names.ts';
import { formatCompact, formatPrice } from '../../lib/format';
import type { IndicatorInstance } from '../../store/preferences-slice';
import type { ChartPalette } from './chart-palette';
import { indicatorColour } from './indicator-data';

export interface LegendValue {
  text: string;
  colour: string;
}

/** "RSI 14", "BOLL 20 2": the trade's name and every parameter, defaults filled in. */
export function legendTitle({ kind, params }: Pick<IndicatorInstance, 'kind' | 'params'>): string {
  return [indicatorName(kind), ...Object.values(paramsFor(kind, params)).map(String)].join(' ');
}

/**
 * One value as a scale of pane kind `pane` labels it, at `decimals` (its scale's); a dash while the
 * indicator warms up.
 */
export function formatIndicatorValue(value: number | undefined, pane: IndicatorPane['kind'], decimals: number): string {
  const shown = value ?? Number.NaN;
  return pane === 'volume' ? formatCompact(shown) : formatPrice(shown, decimals);
}

/** Each output of `indicator` at one candle, at `decimals`: its text and its line's colour (a histogram bar's by its sign). */
export function legendValues(indicator: Indicator, values: readonly (number | undefined)[], palette: ChartPalette, decimals: number): LegendValue[] {
  return indicator.outputs.map((output, o) => {
    const value = values[o];
    return { text: formatIndicatorValue(value, indicator.pane.kind, decimals), colour: indicatorColour(palette, output.colour, value ?? 0) };
  });
}
