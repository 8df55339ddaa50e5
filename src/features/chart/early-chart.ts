/**
 * The chart drawn before the React tree exists. The boot (src/app/boot/chart-first.ts) puts
 * a frame where the chart panel's canvas will be and calls drawEarlyChart as soon as the chart
 * library has loaded; the prefetched first history page then goes straight onto the canvas. When
 * React mounts, CandleChart takes the adapter over (adoptEarlyChart) and moves its element into
 * its own container: the candles stay on screen, nothing is drawn twice from scratch. An adapter
 * nobody takes (the workspace changed, the first render had no chart) is discarded.
 */
import type { ProductType } from '#shared/contract.ts';
import type { Candle } from '#shared/candle.ts';
import { instrumentTimeZone } from '#shared/symbols.ts';
import type { DisplayZone } from '../../lib/time-mapper';
import type { AppServices } from '../../queries/app-services';
import { flattenPages } from '../../queries/kline-history-pages';
import { klineHistoryQueryOptions, type KlineHistoryParams } from '../../queries/use-kline-history';
import type { Preferences } from '../../store/preferences-slice';
import { candlePrecision } from './candle-precision';
import { createChartAdapter, type ChartAdapter } from './chart-adapter';
import { chartDataset, timeAxisOf } from './chart-identity';

/** The early chart as CandleChart takes it over. */
export interface EarlyChart {
  adapter: ChartAdapter;
  /** The adapter's container: CandleChart moves it into its own. */
  element: HTMLElement;
}

export interface EarlyChartRequest {
  /** The first history page's query, as the boot prefetched it. */
  history: KlineHistoryParams;
  type: ProductType | undefined;
  zone: DisplayZone;
  preferences: Pick<Preferences, 'theme' | 'colors' | 'scale' | 'indicators'>;
}

/** The drawn early chart, until it is adopted or discarded. */
let current: (EarlyChart & { dataset: string; frame: HTMLElement }) | undefined;
/** A frame whose first page is still on its way (the app may mount meanwhile). */
let waiting: HTMLElement | undefined;
/** Set once the app has mounted: an early chart can no longer help. */
let closed = false;

/**
 * Draws the first history page into `frame` (which the caller placed and sized). The adapter is
 * created once the page is in hand, with its precision: nothing is built twice before the first
 * candle. Resolves true once the candles are set (the library paints them in its next frame),
 * false when there is nothing to draw (the request failed or came back empty, or the app mounted
 * first); the frame is then gone.
 */
export async function drawEarlyChart({ queryClient, api }: Pick<AppServices, 'queryClient' | 'api'>, frame: HTMLElement, request: EarlyChartRequest): Promise<boolean> {
  const { history, type, zone, preferences } = request;
  let candles: Candle[] = [];
  if (!closed) {
    waiting = frame;
    try {
      candles = flattenPages((await queryClient.infiniteQuery(klineHistoryQueryOptions(api, history))).pages);
    } catch {
      // The chart panel shows the failure (its query retries); nothing to draw here.
    }
    if (waiting === frame) waiting = undefined;
  }
  if (closed || candles.length === 0) {
    frame.remove();
    return false;
  }
  const element = document.createElement('div');
  element.style.cssText = 'position:absolute;inset:0';
  frame.append(element);
  const adapter = createChartAdapter(element, {
    ...timeAxisOf(history.interval, zone, instrumentTimeZone(history.symbol, type)),
    ...preferences,
    decimals: candlePrecision(candles),
  });
  adapter.setSeries(candles);
  current = { dataset: chartDataset(history.symbol, type, history.interval), adapter, element, frame };
  return true;
}

/**
 * Moves the early chart of this dataset into `container` and hands its adapter over, once: the
 * caller owns (and destroys) it from then on. Undefined when there is none drawn for this dataset.
 */
export function adoptEarlyChart(dataset: string, container: HTMLElement): EarlyChart | undefined {
  const chart = current;
  if (chart?.dataset !== dataset) return undefined;
  current = undefined;
  container.append(chart.element);
  chart.frame.remove();
  return { adapter: chart.adapter, element: chart.element };
}

/** Drops an early chart nobody took, and the frame of one still waiting (called once the app has mounted). */
export function discardEarlyChart(): void {
  closed = true;
  waiting?.remove();
  waiting = undefined;
  if (!current) return;
  current.adapter.destroy();
  current.frame.remove();
  current = undefined;
}
