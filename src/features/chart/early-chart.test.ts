// @vitest-environment happy-dom
import type { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { factorsOfEvent, type AdjustFactor } from '#shared/adjust.ts';
import type { Candle } from '#shared/candle.ts';
import { createApiClient } from '../../api/client';
import type { KlinePage } from '../../queries/kline-history-pages';
import { DEFAULT_WORKSPACE, type Workspace } from '../../store/workspace-slice';
import { createServerClock } from '../../time/server-clock';
import { LIVE_SOURCE, type MarketFeed } from '../../queries/market-feed/market-feed';

const drawn: { element: HTMLElement; decimals: number; setSeries: ReturnType<typeof vi.fn>; destroy: ReturnType<typeof vi.fn> }[] = [];
vi.mock('./chart-adapter', () => ({
  createChartAdapter: (element: HTMLElement, options: { decimals: number }) => {
    const adapter = { setSeries: vi.fn(), destroy: vi.fn() };
    drawn.push({ element, decimals: options.decimals, ...adapter });
    return adapter;
  },
}));

/** The tasks the early chart yields between (reading the page; creating the chart with its candles). */
const yields = vi.hoisted(() => ({ held: false, waiting: [] as (() => void)[] }));
vi.mock('../../lib/yield-to-page', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/yield-to-page')>()),
  yieldToPage: () =>
    yields.held
      ? new Promise<void>((resolve) => {
          yields.waiting.push(resolve);
        })
      : Promise.resolve(),
}));
/** Lets the early chart's next piece of work run, once it is waiting for it. */
async function nextTask(): Promise<void> {
  await vi.waitFor(() => {
    expect(yields.waiting.length).toBeGreaterThan(0);
  });
  yields.waiting.shift()?.();
}

const candle = (time: number): Candle => ({ time, open: 10, high: 11, low: 9, close: 10.5, volume: 100 });
const WORKSPACE: Workspace = { ...DEFAULT_WORKSPACE, symbol: 'AAPL.US', interval: '1d', tab: 'chart' };
const DATASET = 'AAPL.US||1d';

/** Services whose query client gives the first history page when the test says. */
function pendingClient() {
  let resolve: (pages: KlinePage[]) => void = () => undefined;
  let reject: (error: Error) => void = () => undefined;
  const answer = new Promise<{ pages: KlinePage[] }>((res, rej) => {
    resolve = (pages) => {
      res({ pages });
    };
    reject = rej;
  });
  const infiniteQuery = vi.fn(() => answer);
  // The stock's factors: none unless a test says.
  const query = vi.fn((): Promise<Record<string, AdjustFactor[]>> => Promise.resolve({}));
  const client = {
    queryClient: { infiniteQuery, query } as unknown as QueryClient,
    feed: { source: LIVE_SOURCE, api: createApiClient() } as MarketFeed,
    clock: createServerClock(),
  };
  return { client, infiniteQuery, query, resolve, reject };
}

const page = (candles: Candle[]): KlinePage => ({ candles, olderEndTime: null });

/** The static shell's chart slot, as index.html has it. */
function shell(): HTMLElement {
  document.body.innerHTML = '<div class="chart-box" data-chart-slot></div>';
  const slot = document.querySelector<HTMLElement>('[data-chart-slot]');
  if (!slot) throw new Error('no slot');
  return slot;
}

const onPage = (search = '') => ({ search, root: document });

// Each test gets the module afresh: it keeps the early chart's state for the page.
async function load() {
  vi.resetModules();
  return import('./early-chart');
}

beforeEach(() => {
  drawn.length = 0;
  yields.held = false;
  yields.waiting.length = 0;
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('early chart', () => {
  it('draws the first page into the shell’s slot, and the chart panel takes that very element over, once', async () => {
    const { startEarlyChart, adoptEarlyChart } = await load();
    const slot = shell();
    const { client, resolve } = pendingClient();
    const started = startEarlyChart(client, WORKSPACE, onPage());
    resolve([page([candle(1), candle(2)])]);
    await started;
    expect(drawn).toHaveLength(1);
    expect(drawn[0]?.setSeries).toHaveBeenCalledWith([candle(1), candle(2)]);
    // Created with the page's precision (10.5: one decimal), not rebuilt after.
    expect(drawn[0]?.decimals).toBe(1);
    expect(drawn[0]?.element.parentElement).toBe(slot);

    const container = document.body.appendChild(document.createElement('div'));
    expect(adoptEarlyChart('MSFT.US||1d', container)).toBeUndefined();
    const adopted = adoptEarlyChart(DATASET, container);
    expect(adopted?.element).toBe(drawn[0]?.element);
    expect(adopted?.element.parentElement).toBe(container);
    // No longer the early chart once adopted.
    expect(document.querySelector('[data-testid="early-chart"]')).toBeNull();
    expect(adoptEarlyChart(DATASET, container)).toBeUndefined();
    expect(drawn[0]?.destroy).not.toHaveBeenCalled();
  });

  it('draws a stock adjusted by its factors, as the app draws it (no raw candles first)', async () => {
    const { startEarlyChart, adoptEarlyChart } = await load();
    shell();
    const { client, query, resolve } = pendingClient();
    // A dividend of 1 at time 2: forward, the candle before it is 1 lower.
    query.mockResolvedValue({ 'AAPL.US': factorsOfEvent(2, 1, 1) });
    const started = startEarlyChart(client, { ...WORKSPACE, adjust: 'forward' }, onPage());
    resolve([page([candle(1), candle(2)])]);
    await started;
    const adjusted = { ...candle(1), open: 9, high: 10, low: 8, close: 9.5 };
    expect(drawn[0]?.setSeries).toHaveBeenCalledWith([adjusted, candle(2)]);
    expect(adoptEarlyChart(DATASET, document.body)?.candles).toEqual([adjusted, candle(2)]);
  });

  it('draws nothing when the stock’s factors fail: the app asks the service to adjust', async () => {
    const { startEarlyChart } = await load();
    shell();
    const { client, query, resolve } = pendingClient();
    query.mockRejectedValue(new Error('offline'));
    const started = startEarlyChart(client, { ...WORKSPACE, adjust: 'forward' }, onPage());
    resolve([page([candle(1), candle(2)])]);
    await started;
    expect(drawn).toHaveLength(0);
  });

  it('reads the page in a task of its own, then creates the chart and hands it the candles in one (no frame paints it empty)', async () => {
    const { startEarlyChart } = await load();
    shell();
    yields.held = true;
    const { client, resolve } = pendingClient();
    const started = startEarlyChart(client, WORKSPACE, onPage());
    resolve([page([candle(1), candle(2)])]);
    await vi.waitFor(() => {
      expect(yields.waiting).toHaveLength(1);
    });
    expect(drawn).toHaveLength(0);
    await nextTask();
    await started;
    expect(drawn).toHaveLength(1);
    expect(drawn[0]?.setSeries).toHaveBeenCalledWith([candle(1), candle(2)]);
    expect(yields.waiting).toHaveLength(0);
  });

  it('creates no chart when the app mounts while the page is being read', async () => {
    const { startEarlyChart, discardEarlyChart } = await load();
    const slot = shell();
    yields.held = true;
    const { client, resolve } = pendingClient();
    const started = startEarlyChart(client, WORKSPACE, onPage());
    resolve([page([candle(1)])]);
    await vi.waitFor(() => {
      expect(yields.waiting).toHaveLength(1);
    });
    discardEarlyChart();
    await nextTask();
    await started;
    expect(drawn).toHaveLength(0);
    expect(slot.childElementCount).toBe(0);
  });

  it('does nothing when switched off with ?early=0: no request of its own, nothing drawn, the app starts at once', async () => {
    const { startEarlyChart, adoptEarlyChart, earlyChartOn } = await load();
    shell();
    const { client, infiniteQuery } = pendingClient();
    await startEarlyChart(client, WORKSPACE, onPage('?symbol=AAPL.US&early=0'));
    expect(infiniteQuery).not.toHaveBeenCalled();
    expect(adoptEarlyChart(DATASET, document.body)).toBeUndefined();
    expect(earlyChartOn('?early=1')).toBe(true);
    expect(earlyChartOn('')).toBe(true);
  });

  it('draws nothing on another tab, or where the page has no chart slot', async () => {
    const { startEarlyChart } = await load();
    shell();
    const { client, infiniteQuery } = pendingClient();
    await startEarlyChart(client, { ...WORKSPACE, tab: 'trades' }, onPage());
    expect(infiniteQuery).not.toHaveBeenCalled();

    const again = await load();
    document.body.innerHTML = '';
    await again.startEarlyChart(client, WORKSPACE, onPage());
    expect(infiniteQuery).not.toHaveBeenCalled();
  });

  it('draws nothing when the first page fails or is empty', async () => {
    const failing = await load();
    shell();
    const broken = pendingClient();
    const started = failing.startEarlyChart(broken.client, WORKSPACE, onPage());
    broken.reject(new Error('503'));
    await started;
    expect(failing.adoptEarlyChart(DATASET, document.body)).toBeUndefined();

    const empty = await load();
    const slot = shell();
    const blank = pendingClient();
    const emptyStart = empty.startEarlyChart(blank.client, WORKSPACE, onPage());
    blank.resolve([page([])]);
    await emptyStart;
    expect(drawn).toHaveLength(0);
    expect(slot.childElementCount).toBe(0);
  });

  it('lets the app start after WAIT_MS when the first page is slow', async () => {
    vi.useFakeTimers();
    const { startEarlyChart, WAIT_MS } = await load();
    shell();
    let started = false;
    void startEarlyChart(pendingClient().client, WORKSPACE, onPage()).then(() => {
      started = true;
    });
    await vi.advanceTimersByTimeAsync(WAIT_MS - 1);
    expect(started).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(started).toBe(true);
  });

  it('once the app has mounted, never draws a page still on its way', async () => {
    const { startEarlyChart, discardEarlyChart, adoptEarlyChart } = await load();
    const slot = shell();
    const { client, resolve } = pendingClient();
    const started = startEarlyChart(client, WORKSPACE, onPage());
    discardEarlyChart();
    resolve([page([candle(1)])]);
    await started;
    expect(drawn).toHaveLength(0);
    expect(slot.childElementCount).toBe(0);
    expect(adoptEarlyChart(DATASET, document.body)).toBeUndefined();
  });

  it('destroys a drawn chart nobody took when the app mounts, and starts no second one', async () => {
    const { startEarlyChart, discardEarlyChart } = await load();
    const slot = shell();
    const { client, resolve, infiniteQuery } = pendingClient();
    const started = startEarlyChart(client, WORKSPACE, onPage());
    resolve([page([candle(1)])]);
    await started;
    discardEarlyChart();
    expect(drawn[0]?.destroy).toHaveBeenCalled();
    expect(slot.childElementCount).toBe(0);

    await startEarlyChart(client, WORKSPACE, onPage());
    expect(infiniteQuery).toHaveBeenCalledTimes(1);
  });
});
