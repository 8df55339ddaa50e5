/** The colours each indicator of a list shows on the chart, for the picker's swatches. */
import type { IndicatorList } from '../../store/preferences-slice';
import type { ChartPalette } from './chart-palette';
import { activeIndicators, indicatorColour } from './indicator-data';

/**
 * By instance id, each line's colour as drawn (the user's, else the palette's); instances whose
 * code is not loaded, or whose parameters the indicator refuses, have none. The chart's list is
 * short: each instance is placed as activeIndicators places it, from the list up to it.
 */
export function shownColours(list: IndicatorList, palette: ChartPalette): Map<string, string[]> {
  const shown = new Map<string, string[]>();
  list.forEach((instance, i) => {
    const before = activeIndicators(list.slice(0, i)).length;
    const upTo = activeIndicators(list.slice(0, i + 1));
    const indicator = upTo.length > before ? upTo.at(-1) : undefined;
    if (indicator)
      shown.set(
        instance.id,
        indicator.outputs.map((output) => indicatorColour(palette, output.colour)),
      );
  });
  return shown;
}
