/**
 * The user's indicator list as indicators (shared/indicators: descriptor + stream each), with
 * the colours and panes the user chose, and the colours of their outputs in the chart's palette.
 * Only kinds whose code is loaded (indicator-registry) become indicators; missingKinds says which
 * to load.
 */
import type { Indicator, IndicatorColour, IndicatorPane } from '#shared/indicators/indicator.ts';
import type { IndicatorKind } from '#shared/indicators/kinds.ts';
import { indicatorName } from '#shared/indicators/names.ts';
import type { IndicatorInstance, IndicatorList } from '../../store/preferences-slice';
import type { ChartPalette } from './chart-palette';
import { loadedFactory } from './indicator-registry';

/** Kinds that take the next colour of the moving averages' cycle. */
const AVERAGES: ReadonlySet<IndicatorKind> = new Set(['sma', 'ema', 'wma']);

/** `pane` moved where the user asked: over the price, or into a pane of its own. */
function placed(pane: IndicatorPane, choice: IndicatorInstance['pane']): IndicatorPane {
  if (choice === 'own' && pane.kind !== 'own') return { kind: 'own', decimals: { extra: 0 } };
  if (choice === 'price' && pane.kind === 'own') return { kind: 'price' };
  return pane;
}

/** An indicator as the user set it up, with the id of their instance. */
export type ActiveIndicator = Indicator & { id: string };

function customised(indicator: Indicator, { id, colours, pane }: IndicatorInstance): ActiveIndicator {
  return {
    ...indicator,
    id,
    pane: placed(indicator.pane, pane),
    outputs: indicator.outputs.map((output, o) => {
      const css = colours?.[o];
      return css === undefined ? output : { ...output, colour: { css } };
    }),
  };
}

/**
 * The indicators of `list` whose code is loaded and that are not hidden, in list order; moving
 * averages share one colour cycle (a hidden one keeps its colour). Parameters an indicator cannot
 * take skip it, not throw.
 */
export function activeIndicators(list: IndicatorList): ActiveIndicator[] {
  let averages = 0;
  return list.flatMap((instance) => {
    const create = loadedFactory(instance.kind);
    if (!create) return [];
    try {
      const indicator = create(instance.params, averages);
      if (AVERAGES.has(instance.kind)) averages += 1;
      return instance.hidden ? [] : [customised(indicator, instance)];
    } catch {
      return [];
    }
  });
}

/** The kinds of `list` whose code is not loaded yet. */
export function missingKinds(list: IndicatorList): IndicatorKind[] {
  return [...new Set(list.map((instance) => instance.kind))].filter((kind) => !loadedFactory(kind));
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

/** An instance for people, before its code loads: "MA 20", "KDJ 9, 3, 3". */
export function instanceLabel({ kind, params }: IndicatorInstance): string {
  const values = Object.values(params);
  return values.length === 0 ? indicatorName(kind) : `${indicatorName(kind)} ${values.join(', ')}`;
}

/** A short description of the indicators on the chart, for its accessible label. */
export function indicatorSummary(list: IndicatorList): string {
  return list.map(instanceLabel).join(', ');
}
