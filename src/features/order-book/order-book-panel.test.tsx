// @vitest-environment happy-dom
// The panel on the real simulator (HTTP) with the realtime layer stubbed: live, refused, down.
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetRateLimitGate } from '../../api/client';
import type { ProductType } from '#shared/contract.ts';
import { simFetch, startSimulator, type SimHandle } from '../../api/sim-fetch.test-support';
import { testQueryClient, wrapperFor } from '../../queries/query-test-support';
import type { ChannelState, DepthPush } from '../../realtime';
import { useAppStore } from '../../store/app-store';
import { OrderBookPanel } from './order-book-panel';

interface LiveStub {
  state: ChannelState;
  book: DepthPush | undefined;
  depthStatus: { code?: number; message?: string };
  listeners: Set<() => void>;
  subscribed: (string | undefined)[];
}

const live = vi.hoisted((): LiveStub => ({ state: 'down', book: undefined, depthStatus: {}, listeners: new Set(), subscribed: [] }));

vi.mock('../../realtime', async (importOriginal) => {
  const { useSyncExternalStore } = await import('react');
  const subscribe = (listener: () => void) => {
    live.listeners.add(listener);
    return () => live.listeners.delete(listener);
  };
  const snapshot = () => `${live.state}|${String(live.book?.timestamp)}`;
  return {
    ...(await importOriginal<typeof import('../../realtime')>()),
    // The ticker (asked by the panel for a bare code's type) stays on HTTP here.
    useLiveTicker: () => ({ ticker: undefined, state: 'down' }),
    useLiveDepth: (symbol: string | undefined) => {
      useSyncExternalStore(subscribe, snapshot);
      if (!live.subscribed.includes(symbol)) live.subscribed.push(symbol);
      return { book: live.book, state: live.state };
    },
    useRealtimeStatus: () => {
      useSyncExternalStore(subscribe, snapshot);
      return { connection: 'open', channels: { ticker: { state: 'live' }, trade: { state: 'unused' }, depth: { state: live.state, ...live.depthStatus } } };
    },
  };
});

function setLive(patch: Partial<Pick<typeof live, 'state' | 'book' | 'depthStatus'>>) {
  Object.assign(live, patch);
  act(() => {
    for (const listener of live.listeners) listener();
  });
}

let sim: SimHandle;
let calls: string[];
const initial = useAppStore.getState();

beforeAll(() => {
  sim = startSimulator('2026-11-25T15:00:00Z');
});

beforeEach(() => {
  Object.assign(live, { state: 'down', book: undefined, depthStatus: {}, subscribed: [] });
});

afterEach(() => {
  cleanup();
  resetRateLimitGate();
  vi.unstubAllGlobals();
  useAppStore.setState(initial, true);
});

function show(symbol: string, options: { type?: ProductType; key?: string } = {}) {
  const stub = simFetch(sim, options.key);
  calls = stub.calls;
  vi.stubGlobal('fetch', stub.fetch);
  useAppStore.getState().openSymbol(symbol, options.type);
  const Wrapper = wrapperFor(testQueryClient());
  return render(createElement(Wrapper, null, createElement(OrderBookPanel)));
}

const depthCalls = () => calls.filter((path) => path.startsWith('/v1/market/depth?'));
const feed = () => screen.getByTestId('book-feed');

function pushBook(timestamp: number, bidSize = '100'): DepthPush {
  return {
    symbol: 'AAPL.US',
    timestamp,
    bids: [
      ['222.09', bidSize],
      ['222.08', '300'],
    ],
    asks: [
      ['222.10', '200'],
      ['222.11', '400'],
    ],
  };
}

describe('OrderBookPanel', () => {
  it('refused live feed: the HTTP book in a table, ten levels a side, and the reason in a status line', async () => {
    live.state = 'refused';
    live.depthStatus = { code: 4003, message: 'Depth subscriptions temporarily unavailable' };
    show('AAPL.US');
    const table = await screen.findByRole('table', undefined, { timeout: 5_000 });
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Price', 'Size', 'Cumulative']);
    expect(table.querySelector('caption')?.textContent).toContain('Order book of AAPL.US');
    const asks = screen.getAllByTestId('book-ask');
    const bids = screen.getAllByTestId('book-bid');
    expect(asks).toHaveLength(10);
    expect(bids).toHaveLength(10);
    const price = (row: HTMLElement | undefined) => Number(row?.querySelector('td')?.textContent.replace(/,/g, ''));
    // Best ask (last ask row) sits right above the spread, above the best bid (first bid row).
    expect(price(asks[9])).toBeGreaterThan(price(bids[0]));
    expect(price(asks[0])).toBeGreaterThan(price(asks[9]));
    expect(screen.getByTestId('book-spread').textContent).toMatch(/Spread .* bps\) · Mid/);
    expect(feed().textContent).toBe('Order book over HTTP every 2 s (4003 Depth subscriptions temporarily unavailable)');
    // Asks take the "down" colour and bids the "up" one (the green-up / red-up preference).
    expect(asks[0]?.querySelector('td')?.style.color).toBe('var(--color-down)');
    expect(bids[0]?.querySelector('td')?.style.color).toBe('var(--color-up)');
    expect(Number(asks[0]?.dataset.bar)).toBeGreaterThan(Number(asks[9]?.dataset.bar));
    expect(depthCalls()[0]).toBe('/v1/market/depth?symbol=AAPL.US');
  });

  it('live connection down: polls HTTP and says so', async () => {
    show('700.HK');
    await screen.findByRole('table', undefined, { timeout: 5_000 });
    expect(feed().textContent).toBe('Order book over HTTP every 2 s (live connection down)');
    expect(feed().getAttribute('role')).toBe('status');
  });

  it('live: the pushed book, no HTTP request; a size change flashes its cell', () => {
    live.state = 'live';
    live.book = pushBook(1);
    show('AAPL.US');
    expect(screen.getAllByTestId('book-bid').map((row) => row.querySelector('td')?.textContent)).toEqual(['222.09', '222.08']);
    expect(screen.getByTestId('book-mid').textContent).toBe('222.095');
    expect(feed().textContent).toBe('Live order book, updated as it changes');
    expect(document.querySelector('[data-flash]')).toBeNull();
    setLive({ book: pushBook(2, '150') });
    const bestBid = screen.getAllByTestId('book-bid')[0];
    expect(bestBid?.querySelector('[data-flash]')?.getAttribute('data-flash')).toBe('up');
    expect(bestBid?.querySelector('[data-flash]')?.className).toContain('flash-up');
    expect(screen.getAllByTestId('book-ask')[0]?.querySelector('[data-flash]')).toBeNull();
    expect(depthCalls()).toEqual([]);
  });

  it('falls back to HTTP when the live feed goes down', async () => {
    live.state = 'live';
    live.book = pushBook(1);
    show('AAPL.US');
    expect(depthCalls()).toEqual([]);
    setLive({ state: 'down' });
    await waitFor(() => {
      expect(depthCalls()).toHaveLength(1);
    });
    await waitFor(() => {
      expect(screen.getAllByTestId('book-bid')).toHaveLength(10);
    });
  });

  it('EURUSD: no book, said in a sentence, no depth request and no live subscription', async () => {
    show('EURUSD');
    expect((await screen.findByTestId('book-unavailable', undefined, { timeout: 5_000 })).textContent).toBe(
      'No order book for EURUSD: this market has none (forex, metals and indices).',
    );
    expect(depthCalls()).toEqual([]);
    expect(live.subscribed).toEqual([]);
  });

  it('a chosen index type answers at once', () => {
    show('HSI', { type: 'indices' });
    expect(screen.getByTestId('book-unavailable').textContent).toContain('No order book for HSI');
  });

  it('the Free plan: the plan does not include the order book', async () => {
    live.state = 'refused';
    live.depthStatus = { code: 1004, message: 'Permission denied' };
    show('AAPL.US', { key: 'demo-free' });
    expect((await screen.findByTestId('book-no-plan', undefined, { timeout: 5_000 })).textContent).toContain('Your plan does not include the order book');
    expect(screen.queryByRole('status')).toBeNull();
  });
  it('a bare code opened without its type: "Updated" in its market zone (from its ticker), named, and follows the zone choice', async () => {
    live.state = 'refused';
    show('AU2612');
    const updated = async () => (await screen.findByText('Updated', undefined, { timeout: 5_000 })).nextElementSibling?.textContent;
    // 15:00 UTC is 23:00 in Shanghai (the night session of gold futures).
    await waitFor(async () => {
      expect(await updated()).toMatch(/^23:\d\d:\d\d UTC\+8$/);
    });
    act(() => {
      useAppStore.getState().setZone('utc');
    });
    expect(await updated()).toMatch(/^15:\d\d:\d\d UTC$/);
  });
});
