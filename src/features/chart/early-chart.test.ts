// @vitest-environment happy-dom
import type { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Candle } from '#shared/candle.ts';
import { createApiClient } from '../../api/client';
import type { KlinePage } from '../../queries/kline-history-pages';

const adapters: { setSeries: ReturnType<typeof vi.fn>; destroy: ReturnType<typeof vi.fn>; container: HTMLElement; decimals: number }[] = [];
vi.mock('./chart-adapter', () => ({
  createChartAdapter: (container: HTMLElement, options: { decimals: number }) => {
    const adapter = { container, decimals: options.decimals, setSeries: vi.fn(), destroy: vi.fn() };
    adapters.push(adapter);
    return adapter;
  },
}));

const candle = (time: number): Candle => ({ time, open: 10, high: 11, low: 9, close: 10.5, volume: 100 });
const REQUEST = {
  history: { symbol: 'AAPL.US', interval: '1d' as const, adjust: 'none' as const },
  type: undefined,
  zone: 'market' as const,
  preferences: { theme: 'dark' as const, colors: 'green-up' as const, scale: 'normal' as const, indicators: { ma: [], ema: [], bollinger: false, macd: false, rsi: false } },
};
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
  const client = { queryClient: { infiniteQuery: () => answer } as unknown as QueryClient, api: createApiClient() };
  return { client, resolve, reject };
}

const page = (candles: Candle[]): KlinePage => ({ candles, olderEndTime: null });

// Each test gets the module afresh: it keeps the early chart (and whether the app has mounted) in module state.
async function load() {
  vi.resetModules();
  return import('./early-chart');
}

beforeEach(() => {
  adapters.length = 0;
  document.body.innerHTML = '';
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('early chart', () => {
  it('draws the first page in the frame, and the chart panel takes that very element over', async () => {
    const { drawEarlyChart, adoptEarlyChart } = await load();
    const frame = document.body.appendChild(document.createElement('div'));
    const { client, resolve } = pendingClient();
    const drawing = drawEarlyChart(client, frame, REQUEST);
    resolve([page([candle(1), candle(2)])]);
    expect(await drawing).toBe(true);
    expect(adapters[0]?.setSeries).toHaveBeenCalledWith([candle(1), candle(2)]);
    // Created with the page's precision (10.5: one decimal), not rebuilt after.
    expect(adapters[0]?.decimals).toBe(1);

    const container = document.body.appendChild(document.createElement('div'));
    expect(adoptEarlyChart('MSFT.US||1d', container)).toBeUndefined();
    const adopted = adoptEarlyChart(DATASET, container);
    expect(adopted?.adapter).toBe(adapters[0]);
    expect(adopted?.element.parentElement).toBe(container);
    expect(frame.isConnected).toBe(false);
    // Handed over once.
    expect(adoptEarlyChart(DATASET, container)).toBeUndefined();
    expect(adapters[0]?.destroy).not.toHaveBeenCalled();
  });

  it('removes the frame when the first page fails or is empty', async () => {
    const { drawEarlyChart } = await load();
    const failing = pendingClient();
    const frame = document.body.appendChild(document.createElement('div'));
    const drawing = drawEarlyChart(failing.client, frame, REQUEST);
    failing.reject(new Error('503'));
    expect(await drawing).toBe(false);
    expect(frame.isConnected).toBe(false);
    // No chart was built for a page that never came.
    expect(adapters).toHaveLength(0);

    const empty = pendingClient();
    const second = document.body.appendChild(document.createElement('div'));
    const emptyDrawing = drawEarlyChart(empty.client, second, REQUEST);
    empty.resolve([page([])]);
    expect(await emptyDrawing).toBe(false);
    expect(second.isConnected).toBe(false);
    expect(adapters).toHaveLength(0);
  });

  it('once the app has mounted, drops a frame still waiting for its page and never draws it', async () => {
    const { drawEarlyChart, discardEarlyChart, adoptEarlyChart } = await load();
    const frame = document.body.appendChild(document.createElement('div'));
    const { client, resolve } = pendingClient();
    const drawing = drawEarlyChart(client, frame, REQUEST);
    discardEarlyChart();
    // The waiting frame goes at once: it would otherwise cover the app's chart.
    expect(frame.isConnected).toBe(false);
    resolve([page([candle(1)])]);
    expect(await drawing).toBe(false);
    // Never drawn: no chart was built once the app had mounted.
    expect(adapters).toHaveLength(0);
    expect(adoptEarlyChart(DATASET, document.body)).toBeUndefined();

    // And no later early chart is started.
    const late = document.body.appendChild(document.createElement('div'));
    expect(await drawEarlyChart(client, late, REQUEST)).toBe(false);
    expect(late.isConnected).toBe(false);
    expect(adapters).toHaveLength(0);
  });

  it('destroys a drawn chart nobody took when the app mounts', async () => {
    const { drawEarlyChart, discardEarlyChart } = await load();
    const frame = document.body.appendChild(document.createElement('div'));
    const { client, resolve } = pendingClient();
    const drawing = drawEarlyChart(client, frame, REQUEST);
    resolve([page([candle(1)])]);
    expect(await drawing).toBe(true);
    discardEarlyChart();
    expect(adapters[0]?.destroy).toHaveBeenCalled();
    expect(frame.isConnected).toBe(false);
  });
});
