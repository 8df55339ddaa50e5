// @vitest-environment happy-dom
// The chart's forming candle moved by quotes: pushes while the ticker channel is live, the polled
// HTTP ticker otherwise; the market feed's channels are a local stub (the realtime tests cover the socket).
import { act, renderHook } from '@testing-library/react';
import type { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Ticker } from '../../api/quote-schemas';
import type { Candle } from '#shared/candle.ts';
import { queryKeys } from '../../queries/query-keys';
import { testQueryClient, testServices, wrapperFor } from '../../queries/query-test-support';
import type { ChannelState, TickerPush } from '../../realtime/types';
import { createLiveCandle } from './live-candle';
import { useLiveForming, type LiveFormingParams } from './use-live-forming';
import { LIVE_SOURCE, type LiveChannels } from '../../queries/market-feed/market-feed';

const realtime = vi.hoisted((): { state: ChannelState; listeners: Set<(push: TickerPush) => void>; listenCalls: number } => ({
  state: 'connecting',
  listeners: new Set<(push: TickerPush) => void>(),
  listenCalls: 0,
}));
const stubClient = vi.hoisted(() => ({
  subscribe: (_channel: string, _symbol: string, _type: unknown, listener: (push: TickerPush) => void) => {
    realtime.listenCalls++;
    realtime.listeners.add(listener);
    return () => {
      realtime.listeners.delete(listener);
    };
  },
}));
vi.mock('../../realtime/hooks', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../realtime/hooks')>()),
  useLiveChannel: () => realtime.state,
}));

const MINUTE = 60_000;
const T = Date.UTC(2026, 10, 25, 15, 0);
const DATASET = 'AAPL.US||1m';
const base: Candle = { time: T, open: 100, high: 101, low: 99, close: 100, volume: 1_000 };

function push(price: string, time: number, volume?: string) {
  act(() => {
    for (const listener of realtime.listeners) listener({ symbol: 'AAPL.US', last_price: price, timestamp: time, ...(volume && { volume_24h: volume }) });
  });
}

/** Test services whose market feed subscribes through the stub. */
function servicesWithStubChannels(queryClient: QueryClient) {
  const services = testServices({ queryClient });
  const channels: LiveChannels = {
    subscribe: stubClient.subscribe as LiveChannels['subscribe'],
    channelState: () => realtime.state,
    watchState: () => () => undefined,
    refusalOf: () => undefined,
  };
  return { ...services, feed: { ...services.feed, channels } };
}

function setup(overrides: Partial<LiveFormingParams> = {}) {
  const client = testQueryClient();
  const live = createLiveCandle();
  const refetchForming = vi.fn();
  const initialProps: LiveFormingParams = {
    live,
    dataset: DATASET,
    symbol: 'AAPL.US',
    type: undefined,
    interval: '1m',
    base,
    adjustForming: (candle) => candle,
    refetchForming,
    ...overrides,
  };
  const hook = renderHook(
    (props: LiveFormingParams) => {
      useLiveForming(props);
    },
    { wrapper: wrapperFor(servicesWithStubChannels(client)), initialProps },
  );
  return { client, live, refetchForming, hook, initialProps };
}

beforeEach(() => {
  realtime.state = 'connecting';
  realtime.listeners.clear();
  realtime.listenCalls = 0;
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('useLiveForming', () => {
  it('live: folds every push into the forming candle', () => {
    realtime.state = 'live';
    const { live } = setup();
    expect(live.get()).toBeUndefined();
    push('100.5', T + 1_000, '50000');
    push('102', T + 2_000, '50040');
    expect(live.get()).toEqual({ dataset: DATASET, candle: { ...base, high: 102, close: 102, volume: 1_040 } });
    push('101', T + MINUTE + 10, '50045');
    expect(live.get()?.candle).toEqual({ time: T + MINUTE, open: 101, high: 101, low: 101, close: 101, volume: 5 });
  });

  it('a new forming candle from the service is the new base; an older one does not undo a bar the quotes opened', () => {
    realtime.state = 'live';
    const { live, hook, initialProps } = setup();
    push('103', T + 5_000);
    const reconciled: Candle = { ...base, close: 102.5, high: 103.2 };
    hook.rerender({ ...initialProps, base: reconciled });
    expect(live.get()).toBeUndefined();
    push('103.5', T + 6_000);
    expect(live.get()?.candle).toEqual({ ...reconciled, high: 103.5, close: 103.5 });
    push('104', T + MINUTE + 1);
    hook.rerender({ ...initialProps, base: { ...reconciled } });
    expect(live.get()?.candle.time).toBe(T + MINUTE);
  });

  it('not live: the polled HTTP ticker feeds the same fold, read from the cache (no request of its own)', () => {
    realtime.state = 'down';
    const { client, live } = setup();
    expect(realtime.listenCalls).toBe(0);
    const ticker = (price: string, time: number): Ticker => ({ symbol: 'AAPL.US', last_price: price, timestamp: time });
    act(() => {
      client.setQueryData(queryKeys.tickers.one(LIVE_SOURCE, 'AAPL.US'), ticker('98', T + 3_000));
    });
    expect(live.get()?.candle).toEqual({ ...base, low: 98, close: 98 });
    act(() => {
      client.setQueryData(queryKeys.tickers.one(LIVE_SOURCE, 'MSFT.US'), ticker('500', T + 4_000));
    });
    expect(live.get()?.candle.close).toBe(98);
  });

  it('applies the series adjustment to the folded candle', () => {
    realtime.state = 'live';
    const { live } = setup({ adjustForming: (candle) => ({ ...candle, close: candle.close / 2 }) });
    push('110', T + 1);
    expect(live.get()?.candle.close).toBe(55);
  });

  it('no base (loading, or prices the service adjusted): quotes move nothing', () => {
    realtime.state = 'live';
    const { live } = setup({ base: undefined });
    push('110', T + 1);
    expect(live.get()).toBeUndefined();
  });

  it('asks the service again when pushes come back after an interruption, not when they first start', () => {
    const { hook, initialProps, refetchForming } = setup();
    realtime.state = 'live';
    hook.rerender({ ...initialProps });
    expect(refetchForming).not.toHaveBeenCalled();
    realtime.state = 'down';
    hook.rerender({ ...initialProps });
    realtime.state = 'live';
    hook.rerender({ ...initialProps });
    expect(refetchForming).toHaveBeenCalledTimes(1);
  });
});
