/**
 * Corporate-action badges on the chart: the ex-factors ("Split 4:1", "Div 0.24") placed on the
 * loaded candles by action-marker-layer, a primitive of the price series; the chart container
 * shows the drawn badges to tests and tools.
 */
import type { IChartApi, ISeriesApi } from 'lightweight-charts';
import type { AdjustFactor } from '#shared/adjust.ts';
import { createActionMarkerLayer, type ActionMarkerLayer } from './action-marker-layer';
import type { ChartState } from './chart-state';
import { actionMarkers } from './corporate-actions';

export interface ChartMarkers {
  setFactors(factors: readonly AdjustFactor[]): void;
  /** Places the badges again on the state's candles (a new series or window). */
  draw(): void;
  /** A new candle opened: a badge of a later event may now have its candle. */
  candleOpened(): void;
  /** The events of the badge at a point of the price pane, if any. */
  at: ActionMarkerLayer['at'];
  /** The badges in the state's palette. */
  applyPalette(): void;
  destroy(): void;
}

export function createChartMarkers(chart: IChartApi, price: ISeriesApi<'Candlestick'>, container: HTMLElement, state: ChartState): ChartMarkers {
  let factors: readonly AdjustFactor[] = [];
  const layer = createActionMarkerLayer(chart, (badges) => {
    container.dataset.actionMarkers = JSON.stringify(badges);
  });
  const applyPalette = (): void => {
    layer.setColors(state.palette.marker, state.palette.background);
  };
  applyPalette();
  price.attachPrimitive(layer.primitive);

  function draw(): void {
    // Outside the window the library would pin a marker to its first candle.
    const first = state.times[state.offset] ?? -Infinity;
    layer.setMarkers(actionMarkers(factors, state.times, state.axis.periodic, state.timeOf).filter((marker) => marker.time >= first));
  }

  return {
    setFactors(next) {
      factors = next;
      draw();
    },
    draw,
    candleOpened() {
      if (factors.length > 0) draw();
    },
    at: (point) => layer.at(point),
    applyPalette,
    destroy() {
      price.detachPrimitive(layer.primitive);
    },
  };
}
