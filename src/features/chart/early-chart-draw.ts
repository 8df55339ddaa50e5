/**
 * The early chart's drawing, loaded on demand by early-chart.ts with the chart library (the boot
 * must not wait for either): an adapter created once the first history page is in hand, with
 * its precision and the user's settings, and that page set on it.
 */
import type { Candle } from '#shared/candle.ts';
import { instrumentTimeZone } from '#shared/symbols.ts';
import { candlePrecision } from './candle-precision';
import { createChartAdapter, type ChartAdapter } from './chart-adapter';
import { timeAxisOf } from './chart-identity';
import type { EarlyChartRequest } from './early-chart';

export function drawCandles(element: HTMLElement, request: EarlyChartRequest, candles: Candle[]): ChartAdapter {
  const { history, type, zone, preferences } = request;
  const adapter = createChartAdapter(element, {
    ...timeAxisOf(history.interval, zone, instrumentTimeZone(history.symbol, type)),
    ...preferences,
    decimals: candlePrecision(candles),
  });
  adapter.setSeries(candles);
  return adapter;
}
