// @vitest-environment happy-dom
import { QueryClient } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProductType } from '#shared/contract.ts';
import { queryKeys } from '../../queries/query-keys';
import { fakeClient, tickerPush, type FakeSocket } from '../../realtime/fake-socket.test-support';
import { useAppStore } from '../../store/app-store';
import { FLASH_MS } from '../../components/live-quote/price-flash';
import { WatchlistPanel } from './watchlist-panel';
import { serveTickers, settleBatches, type Quote } from './watchlist-test-server';
import { TestServices } from '../../queries/query-test-support';
import { LIVE_SOURCE } from '../../queries/market-feed/market-feed';
import { LOCAL_NAMES_KEY } from '../../queries/use-local-name';
import { localNames } from '../../lib/local-name';

/** How many times each row has rendered (each render calls useTickerSnapshot once). */
const { renders } = vi.hoisted(() => ({ renders: new Map<string, number>() }));

vi.mock('../../queries/use-ticker', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../queries/use-ticker')>();
  return {
    ...actual,
    useTickerSnapshot: (symbol: string, type?: ProductType) => {
      renders.set(symbol, (renders.get(symbol) ?? 0) + 1);
      return actual.useTickerSnapshot(symbol, type);
    },
  };
});

/** The viewport as the test says it is: every row in view until `report` says otherwise. */
const viewport = vi.hoisted(() => {
  const observers = new Set<(entries: { target: Element; isIntersecting: boolean }[]) => void>();
  class FakeIntersectionObserver {
    constructor(callback: (entries: { target: Element; isIntersecting: boolean }[]) => void) {
      observers.add(callback);
    }
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  }
  globalThis.IntersectionObserver = FakeIntersectionObserver as unknown as typeof IntersectionObserver;
  return {
    report: (target: Element, isIntersecting: boolean) => {
      for (const callback of observers) callback([{ target, isIntersecting }]);
    },
  };
});

const initial = useAppStore.getState();
let client: QueryClient;
let quotes: Map<string, Quote>;

function lastCell(symbol: string): HTMLElement {
  const row = screen.getAllByTestId('watchlist-row').find((element) => element.dataset.symbol === symbol);
  if (!row) throw new Error(`no row ${symbol}`);
  return within(row).getByTestId('watchlist-last');
}

beforeEach(async () => {
  localStorage.clear();
  useAppStore.setState({ ...initial, watchlists: [{ id: 'a', name: 'Mine', symbols: ['AAPL.US', 'MSFT.US'] }], activeWatchlistId: 'a' }, true);
  renders.clear();
  quotes = new Map([
    ['AAPL.US', { last: '222.74', change: '0.53', percent: '0.24' }],
    ['MSFT.US', { last: '415.20', change: '-1.10', percent: '-0.26' }],
  ]);
  serveTickers(quotes);
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <TestServices client={client}>
      <WatchlistPanel />
    </TestServices>,
  );
  await waitFor(() => {
    expect(lastCell('MSFT.US').textContent).toBe('415.20');
    expect(lastCell('AAPL.US').textContent).toBe('222.74');
  });
});

afterEach(async () => {
  cleanup();
  await settleBatches();
  vi.unstubAllGlobals();
});

async function tick(symbol: string, quote: Quote): Promise<void> {
  quotes.set(symbol, quote);
  await client.refetchQueries({ queryKey: queryKeys.tickers.one(LIVE_SOURCE, symbol) });
}

describe('WatchlistRow', () => {
  it('pulses the price up or down when it changes, briefly, and only in its own row', async () => {
    const cell = lastCell('AAPL.US');
    expect(cell.classList.contains('flash-up')).toBe(false);
    await tick('AAPL.US', { last: '223.01', change: '0.80', percent: '0.36' });
    await waitFor(() => {
      expect(cell.textContent).toBe('223.01');
    });
    expect(cell.classList.contains('flash-up')).toBe(true);
    expect(lastCell('MSFT.US').className).not.toMatch(/flash/);
    await waitFor(
      () => {
        expect(cell.classList.contains('flash-up')).toBe(false);
      },
      { timeout: FLASH_MS * 3 },
    );
    await tick('AAPL.US', { last: '222.90', change: '0.69', percent: '0.31' });
    await waitFor(() => {
      expect(cell.classList.contains('flash-down')).toBe(true);
    });
  });

  it('does not flash when a poll brings the same price', async () => {
    await tick('AAPL.US', { last: '222.74', change: '0.53', percent: '0.24' });
    expect(lastCell('AAPL.US').className).not.toMatch(/flash/);
  });

  it('re-renders only the row whose ticker changed, and no existing row when a symbol is added', async () => {
    const msft = renders.get('MSFT.US') ?? 0;
    const aapl = renders.get('AAPL.US') ?? 0;
    await tick('AAPL.US', { last: '224.00', change: '1.79', percent: '0.81' });
    await waitFor(() => {
      expect(lastCell('AAPL.US').textContent).toBe('224.00');
    });
    expect(renders.get('AAPL.US')).toBeGreaterThan(aapl);
    expect(renders.get('MSFT.US')).toBe(msft);
    const aaplAfterTick = renders.get('AAPL.US');
    act(() => {
      useAppStore.getState().addSymbol('a', 'NVDA.US');
    });
    await screen.findByText('NVDA.US');
    expect(renders.get('AAPL.US')).toBe(aaplAfterTick);
  });
});

describe('WatchlistRow with the realtime socket', () => {
  let socket: () => FakeSocket;
  let dispose: () => void = () => undefined;

  beforeEach(() => {
    cleanup();
    const fake = fakeClient();
    socket = fake.latest;
    dispose = () => {
      fake.client.dispose();
    };
    render(
      <TestServices client={client} realtime={fake.client}>
        <WatchlistPanel />
      </TestServices>,
    );
  });
  afterEach(() => {
    cleanup();
    dispose();
  });

  it('writes pushes into the price and change cells and pulses them, without rendering any row', async () => {
    await waitFor(() => {
      expect(lastCell('AAPL.US').textContent).toBe('222.74');
    });
    act(() => {
      socket().open();
      socket().ackAll();
    });
    const before = { aapl: renders.get('AAPL.US') ?? 0, msft: renders.get('MSFT.US') ?? 0 };
    // Later than the HTTP snapshot, so the push wins.
    act(() => {
      socket().receive(tickerPush('AAPL.US', '223.50', Date.now() + 60_000));
    });
    const row = screen.getAllByTestId('watchlist-row').find((element) => element.dataset.symbol === 'AAPL.US');
    if (!row) throw new Error('no AAPL.US row');
    await waitFor(() => {
      expect(lastCell('AAPL.US').textContent).toBe('223.50');
    });
    expect(lastCell('AAPL.US').classList.contains('flash-up')).toBe(true);
    expect(within(row).getByTestId('watchlist-change').textContent).toMatch(/^\+/);
    act(() => {
      socket().receive(tickerPush('AAPL.US', '223.10', Date.now() + 61_000));
    });
    await waitFor(() => {
      expect(lastCell('AAPL.US').textContent).toBe('223.10');
    });
    expect(lastCell('AAPL.US').classList.contains('flash-down')).toBe(true);
    // Two pushes, no render of either row.
    expect(renders.get('AAPL.US') ?? 0).toBe(before.aapl);
    expect(renders.get('MSFT.US') ?? 0).toBe(before.msft);
  });

  it('writes nothing into a row out of view, and its newest quote without a pulse once it is back', async () => {
    await waitFor(() => {
      expect(lastCell('AAPL.US').textContent).toBe('222.74');
    });
    act(() => {
      socket().open();
      socket().ackAll();
    });
    const row = screen.getAllByTestId('watchlist-row').find((element) => element.dataset.symbol === 'AAPL.US');
    if (!row) throw new Error('no AAPL.US row');
    act(() => {
      viewport.report(row, false);
      socket().receive(tickerPush('AAPL.US', '223.50', Date.now() + 60_000));
      socket().receive(tickerPush('MSFT.US', '416.00', Date.now() + 60_000));
    });
    // The row in view takes its push; the other keeps what it showed.
    await waitFor(() => {
      expect(lastCell('MSFT.US').textContent).toBe('416.00');
    });
    expect(lastCell('AAPL.US').textContent).toBe('222.74');
    act(() => {
      socket().receive(tickerPush('AAPL.US', '224.00', Date.now() + 61_000));
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(lastCell('AAPL.US').textContent).toBe('222.74');
    act(() => {
      viewport.report(row, true);
    });
    expect(lastCell('AAPL.US').textContent).toBe('224.00');
    expect(lastCell('AAPL.US').classList.contains('flash-up')).toBe(false);
  });

  it('names the row in the language’s script once the catalogue’s names are in, and again at once on a switch', async () => {
    const name = () => within(screen.getAllByTestId('watchlist-row')[0] ?? document.body).getByTestId('symbol-name').textContent;
    expect(name()).toBe('AAPL.US name');
    act(() => {
      client.setQueryData(LOCAL_NAMES_KEY, localNames([{ symbol: 'AAPL.US', name: 'Apple Inc.', nameEn: '', nameCn: '苹果', nameHk: '蘋果' }]));
    });
    await waitFor(() => {
      expect(name()).toBe('Apple Inc.');
    });
    act(() => {
      useAppStore.getState().setLanguage('zh-CN');
    });
    expect(name()).toBe('苹果');
    act(() => {
      useAppStore.getState().setLanguage('zh-TW');
    });
    expect(name()).toBe('蘋果');
  });
});
