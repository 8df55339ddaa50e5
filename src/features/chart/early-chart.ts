/**
 * The chart of the first screen, drawn before the React tree exists: the whole path in one module.
 *
 * - start (the boot, src/app/boot/boot.ts): on the chart tab, draws the prefetched first history
 *   page with the chart library alone into the static shell's chart slot (index.html, laid out
 *   by the same CSS as the app: src/app/layout.css), and tells the boot when the app may evaluate:
 *   once those candles are painted, or after WAIT_MS (the app's evaluation and first render are a
 *   long task that would otherwise hold the candles back).
 * - adopt (CandleChart): the app's chart container takes that very element and adapter over;
 *   nothing is drawn twice, and the candles stay where they are.
 * - discard (src/main.tsx, once the app has mounted): drops a chart nobody took, and stops a
 *   drawing still waiting for its page.
 *
 * `?early=0` switches the path off (the app then draws the chart itself), so the bench measures
 * the first candle with and without it in one run. The chart library comes in with the app's
 * chart chunk (listed for preload in the built page): nothing loads twice.
 */
import { onlineManager } from '@tanstack/react-query';
import type { AdjustMode, ProductType } from '#shared/contract.ts';
import type { Candle } from '#shared/candle.ts';
import { instrumentTimeZone } from '#shared/symbols.ts';
import { adjustSeries } from '../../lib/candles';
import type { DisplayZone } from '../../lib/time-mapper';
import type { AppServices } from '../../queries/app-services';
import { flattenPages } from '../../queries/kline-history-pages';
import { exFactorsQueryOptions, factorsOf } from '../../queries/ex-factors-query';
import { workspaceFactorSymbols, workspaceHistoryParams } from '../../queries/prefetch-workspace';
import { klineHistoryQueryOptions, type KlineHistoryParams } from '../../queries/use-kline-history';
import { useAppStore } from '../../store/app-store';
import type { Preferences } from '../../store/preferences-slice';
import type { Workspace } from '../../store/workspace-slice';
import { candlePrecision } from '../../lib/candle-precision';
import { afterNextPaint, yieldToPage } from '../../lib/yield-to-page';
import type { ChartAdapter } from './chart-adapter';
import type { TimeAxis } from './chart-state';
import { chartDataset, timeAxisOf } from './chart-identity';

/** The attribute of the shell's chart slot in index.html: the box the app's chart will fill. */
export const CHART_SLOT_ATTRIBUTE = 'data-chart-slot';
/** The query parameter that switches the early chart off with `0`. */
export const EARLY_CHART_PARAM = 'early';
/** Longest the app waits for the early candles (a slow first page must not hold the whole screen). */
export const WAIT_MS = 400;
/** Test id of the early chart's element until the app adopts it. */
const EARLY_TEST_ID = 'early-chart';

/** What the early chart asks the page's services for: the prefetched page and the client to fetch it. */
type EarlyChartServices = Pick<AppServices, 'queryClient' | 'feed' | 'clock'>;

/** The early chart as CandleChart takes it over. */
export interface EarlyChart {
  adapter: ChartAdapter;
  /** The element the library draws in: CandleChart moves it into its own container. */
  element: HTMLElement;
  /** What it shows: the app draws the same candles on the same axis no second time. */
  candles: readonly Candle[];
  axis: TimeAxis;
}

export interface EarlyChartRequest {
  /** The first history page's query, as the boot prefetched it. */
  history: KlineHistoryParams;
  type: ProductType | undefined;
  adjust: AdjustMode;
  /** The stock whose factors the candles are adjusted by (none when nothing is adjusted locally). */
  factorSymbols: readonly string[];
  zone: DisplayZone;
  preferences: Pick<Preferences, 'theme' | 'colors' | 'scale' | 'indicators'>;
}

type State =
  | { phase: 'idle' }
  | { phase: 'drawing' }
  | { phase: 'drawn'; chart: EarlyChart; dataset: string }
  /** Adopted, discarded or never started: nothing more to draw on this page. */
  | { phase: 'over' };

let state: State = { phase: 'idle' };
/** Read afresh after an await (adopt or discard may have run meanwhile). */
const drawing = (): boolean => state.phase === 'drawing';

/** Whether the page's query string leaves the early chart on (`?early=0` turns it off). */
export function earlyChartOn(search: string): boolean {
  return new URLSearchParams(search).get(EARLY_CHART_PARAM) !== '0';
}

const delay = (ms: number): Promise<void> =>
  new Promise((resolve) => {
    setTimeout(resolve, ms);
  });

/**
 * Starts the early chart for the page's workspace; resolves when the app may start: the early
 * candles painted, nothing to draw (switched off, another tab, no slot, no page), or WAIT_MS passed.
 */
export function startEarlyChart(
  services: EarlyChartServices,
  workspace: Workspace,
  page: { search: string; root: ParentNode } = { search: window.location.search, root: document },
): Promise<void> {
  const slot = page.root.querySelector<HTMLElement>(`[${CHART_SLOT_ATTRIBUTE}]`);
  if (state.phase !== 'idle' || !earlyChartOn(page.search) || workspace.tab !== 'chart' || !slot) {
    state = { phase: 'over' };
    return Promise.resolve();
  }
  state = { phase: 'drawing' };
  const { theme, colors, scale, indicators } = useAppStore.getState().preferences;
  const request: EarlyChartRequest = {
    history: workspaceHistoryParams(workspace),
    type: workspace.type,
    adjust: workspace.adjust,
    factorSymbols: workspaceFactorSymbols(workspace),
    zone: workspace.zone,
    preferences: { theme, colors, scale, indicators },
  };
  const painted = draw(services, slot, request).then((drawn) => (drawn ? afterNextPaint() : undefined));
  return Promise.race([painted, delay(WAIT_MS)]);
}

/**
 * Draws the first history page into a new element in `slot`; true once the candles are set. The
 * adapter is created once the page is in hand, with its precision: nothing is built twice before
 * the first candle.
 */
async function draw({ queryClient, feed, clock }: EarlyChartServices, slot: HTMLElement, request: EarlyChartRequest): Promise<boolean> {
  // The library downloads while the page is on its way; if it fails, the app draws the chart itself.
  const library = import('./chart-adapter').catch(() => undefined);
  let candles: readonly Candle[] = [];
  /** The page's price precision, as the app reads it from the raw candles. */
  let decimals = 0;
  const historyQuery = klineHistoryQueryOptions(feed, clock, request.history);
  // A stock adjusted locally is drawn adjusted, as the app draws it: its factors come with the page.
  const factorsQuery = request.factorSymbols.length > 0 ? exFactorsQueryOptions(feed, request.factorSymbols) : undefined;
  // Offline, what an earlier visit kept (src/app/offline/), if any: the queries wait for the network.
  const online = onlineManager.isOnline();
  const keptPages = online ? undefined : queryClient.getQueryData(historyQuery.queryKey);
  const keptFactors = online || !factorsQuery ? undefined : queryClient.getQueryData(factorsQuery.queryKey);
  try {
    const [pages, factors] = await Promise.all([
      keptPages ?? queryClient.infiniteQuery(historyQuery),
      factorsQuery && (keptFactors ?? queryClient.query(factorsQuery)),
    ]);
    const raw = flattenPages(pages.pages);
    decimals = candlePrecision(raw);
    candles = factors ? adjustSeries(raw, factorsOf(factors, request.history.symbol) ?? [], request.adjust, decimals) : raw;
  } catch {
    // The chart panel shows the failure (its query retries, or asks the service to adjust); nothing to draw here.
  }
  if (!drawing() || candles.length === 0) return finish();
  const chartLibrary = await library;
  // Reading the page is a task of its own; creating the chart and handing it the candles are one.
  // A frame between them would paint the chart empty and then, its price axis widened by the
  // candles' labels, again at full size: on a phone slowed 4× that empty frame blocked for
  // 500–700 ms, far more than the 25–40 ms the split saved.
  await yieldToPage();
  if (!drawing() || !chartLibrary) return finish();
  const element = document.createElement('div');
  element.style.cssText = 'position:absolute;inset:0';
  element.dataset.testid = EARLY_TEST_ID;
  slot.append(element);
  const { history, type, zone, preferences } = request;
  const { symbol, interval } = history;
  const axis = timeAxisOf(interval, zone, instrumentTimeZone(symbol, type));
  const adapter = chartLibrary.createChartAdapter(element, {
    ...axis,
    ...preferences,
    decimals,
  });
  adapter.setSeries(candles);
  state = { phase: 'drawn', chart: { adapter, element, candles, axis }, dataset: chartDataset(symbol, type, interval) };
  return true;
}

function finish(): false {
  if (drawing()) state = { phase: 'over' };
  return false;
}

/**
 * Moves the early chart of this dataset into `container` and hands its adapter over, once: the
 * caller owns (and destroys) it from then on. Undefined when none is drawn for this dataset.
 */
export function adoptEarlyChart(dataset: string, container: HTMLElement): EarlyChart | undefined {
  if (state.phase !== 'drawn' || state.dataset !== dataset) return undefined;
  const { chart } = state;
  state = { phase: 'over' };
  container.append(chart.element);
  delete chart.element.dataset.testid;
  return chart;
}

/** Drops an early chart nobody took and stops one still drawing (called once the app has mounted). */
export function discardEarlyChart(): void {
  if (state.phase === 'drawn') {
    state.chart.adapter.destroy();
    state.chart.element.remove();
  }
  state = { phase: 'over' };
}
