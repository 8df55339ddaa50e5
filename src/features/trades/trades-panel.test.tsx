// @vitest-environment happy-dom
import { QueryClient } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProductType } from '#shared/contract.ts';
import { useAppStore } from '../../store/app-store';
import { TradesPanel } from './trades-panel';
import { TestServices } from '../../queries/query-test-support';
import { loadErrorTexts } from '../../components/ui/use-error-text';

// The words for failures, as the app has them once the panels beside the chart are in.
beforeAll(() => loadErrorTexts());

const initial = useAppStore.getState();

interface RawTrade {
  id: string;
  price: string;
  quantity: string;
  side: string;
  timestamp: number;
  open_interest_change?: number;
  position_effect?: string;
}

const HK_TRADES: RawTrade[] = [
  { id: '1795573790838_16', price: '504.5', quantity: '10000', side: 'sell', timestamp: 1795573790838 },
  { id: '1795573792729_17', price: '505.5', quantity: '21200', side: 'buy', timestamp: 1795573792729 },
  { id: '1795573800000_0', price: '505', quantity: '27900', side: 'neutral', timestamp: 1795573800000 },
];

const AU_TRADES: RawTrade[] = [
  {
    id: '1795572892756_12',
    price: '597.18',
    quantity: '148',
    side: 'sell',
    timestamp: 1795572892756,
    open_interest_change: -108,
    position_effect: 'long_close',
  },
  { id: '1795572895356_14', price: '597.24', quantity: '180', side: 'buy', timestamp: 1795572895356, open_interest_change: 24, position_effect: 'long_open' },
];

function envelope(data: unknown, status = 200, code = 0, message = 'success'): Response {
  return new Response(JSON.stringify(code === 0 ? { code, message, data } : { code, message }), {
    status,
    headers: { 'Content-Type': 'application/json', 'X-Chartroom-Source': 'simulator' },
  });
}

function tradesOf(symbol: string, type: string, trades: RawTrade[]): Response {
  return envelope({ symbol, type, trades });
}

function tickerOf(symbol: string, type: string): Response {
  return envelope([
    {
      symbol,
      type,
      last_price: '1.1',
      volume_24h: '0',
      high_24h: '1.1',
      low_24h: '1.1',
      price_change_24h: '0',
      price_change_percent_24h: '0',
      timestamp: 1795573800000,
    },
  ]);
}

let fetchMock: ReturnType<typeof vi.fn>;

function serve(route: (url: URL) => Response | undefined) {
  fetchMock = vi.fn((input: RequestInfo | URL) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    return Promise.resolve(route(url) ?? envelope(undefined, 404, 2002, 'Symbol not found'));
  });
  vi.stubGlobal('fetch', fetchMock);
}

function requested(pathname: string): boolean {
  return fetchMock.mock.calls.some(([input]) => String(input).startsWith(pathname));
}

let client: QueryClient;

function show(symbol: string, type?: ProductType) {
  useAppStore.getState().openSymbol(symbol, type);
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <TestServices client={client}>
      <TradesPanel />
    </TestServices>,
  );
}

function cells(row: HTMLElement): string[] {
  return within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent.trim());
}

beforeEach(() => {
  localStorage.clear();
  useAppStore.setState(initial, true);
});

afterEach(async () => {
  cleanup();
  // The shared ticker batcher sends after a 10 ms window: let it reach the stub, not the network.
  await new Promise((resolve) => setTimeout(resolve, 30));
  vi.unstubAllGlobals();
});

describe('TradesPanel', () => {
  it('shows the tape newest first, in the market time zone, with sides in words', async () => {
    serve((url) => (url.pathname === '/v1/market/trades' ? tradesOf('700.HK', 'stock', HK_TRADES) : undefined));
    show('700.HK');
    const table = await screen.findByRole('table', { name: 'Trades of 700.HK' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent.trim());
    expect(headers).toEqual(['Time (UTC+8)', 'Price', 'Quantity', 'Side']);
    const rows = screen.getAllByTestId('trade-row');
    expect(rows.map(cells)).toEqual([
      ['10:30:00', '505.0', '27,900', '• Neutral'],
      ['10:29:52', '505.5', '21,200', '▲ Buy'],
      ['10:29:50', '504.5', '10,000', '▼ Sell'],
    ]);
    expect(rows[1]?.querySelector('time')?.getAttribute('title')).toBe('2026-11-25 10:29:52.729 (Asia/Hong_Kong)');
    expect(
      within(rows[1] as HTMLElement)
        .getByText('Buy')
        .getAttribute('style'),
    ).toContain('var(--color-up)');
    expect(
      within(rows[2] as HTMLElement)
        .getByText('Sell')
        .getAttribute('style'),
    ).toContain('var(--color-down)');
    expect(
      within(rows[0] as HTMLElement)
        .getByText('Neutral')
        .getAttribute('style'),
    ).toBeNull();
    expect(fetchMock.mock.calls.some(([input]) => String(input).includes('symbol=700.HK') && String(input).includes('limit=100'))).toBe(true);
  });

  it('learns from the ticker that a bare code is futures, and shows open interest and position effect', async () => {
    serve((url) => {
      if (url.pathname === '/v1/market/ticker') return tickerOf('AU2612', 'futures');
      if (url.pathname === '/v1/market/trades') return tradesOf('AU2612', 'futures', AU_TRADES);
      return undefined;
    });
    show('AU2612');
    const table = await screen.findByRole('table', { name: 'Trades of AU2612' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent.trim()),
    ).toEqual(['Time (UTC+8)', 'Price', 'Quantity', 'Side', 'OI chg', 'Position effect']);
    expect(screen.getAllByTestId('trade-row').map(cells)).toEqual([
      ['10:14:55', '597.24', '180', '▲ Buy', '+24', 'Long open'],
      ['10:14:52', '597.18', '148', '▼ Sell', '\u2212108', 'Long close'],
    ]);
  });

  it("shows the times in the chart's zone choice, and names it", async () => {
    serve((url) => (url.pathname === '/v1/market/trades' ? tradesOf('700.HK', 'stock', HK_TRADES) : undefined));
    useAppStore.getState().setZone('utc');
    show('700.HK');
    const table = await screen.findByRole('table', { name: 'Trades of 700.HK' });
    expect(within(table).getAllByRole('columnheader')[0]?.textContent.trim()).toBe('Time (UTC)');
    expect(screen.getAllByTestId('trade-row').map((row) => cells(row)[0])).toEqual(['02:30:00', '02:29:52', '02:29:50']);
  });

  it('says forex has no trades without asking for them (type chosen)', () => {
    serve(() => undefined);
    show('EURUSD', 'forex');
    expect(screen.getByTestId('trades-unavailable').textContent).toContain('Trades are not published for forex and metals');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says an index has no trades when its ticker tells its type, without a trades request', async () => {
    serve((url) => (url.pathname === '/v1/market/ticker' ? tickerOf('HSI', 'indices') : undefined));
    show('HSI');
    expect((await screen.findByTestId('trades-unavailable')).textContent).toContain('indices');
    expect(requested('/v1/market/trades')).toBe(false);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('reads a 2001 on a bare code as "no trades", not as an error', async () => {
    serve((url) => {
      if (url.pathname === '/v1/market/ticker') return envelope(undefined, 503, 5001, 'Data source unavailable');
      if (url.pathname === '/v1/market/trades') return envelope(undefined, 400, 2001, 'Invalid parameter: trades are not available for forex symbols');
      return undefined;
    });
    show('EURUSD');
    expect((await screen.findByTestId('trades-unavailable')).textContent).toContain('Trades are not available for EURUSD.');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows an error with a retry when the first load fails', async () => {
    serve((url) => (url.pathname === '/v1/market/trades' ? envelope(undefined, 503, 5001, 'Data source unavailable') : undefined));
    show('700.HK');
    expect((await screen.findByRole('alert')).textContent).toContain('The data source is unavailable right now.');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  it('keeps the last good tape while a poll fails, recovers on the next one, and highlights new rows', async () => {
    let answer: () => Response = () => tradesOf('700.HK', 'stock', HK_TRADES);
    serve((url) => (url.pathname === '/v1/market/trades' ? answer() : undefined));
    show('700.HK');
    await waitFor(() => {
      expect(screen.getAllByTestId('trade-row')).toHaveLength(3);
    });
    expect(screen.getAllByTestId('trade-row').some((row) => row.dataset.fresh === 'true')).toBe(false);

    answer = () => envelope(undefined, 503, 5001, 'Data source unavailable');
    await act(() => client.refetchQueries());
    expect((await screen.findByRole('alert')).textContent).toContain('The data source is unavailable right now.');
    expect(screen.getAllByTestId('trade-row')).toHaveLength(3);

    const next = { id: '1795573801500_1', price: '505.5', quantity: '300', side: 'buy', timestamp: 1795573801500 };
    answer = () => tradesOf('700.HK', 'stock', [...HK_TRADES.slice(1), next]);
    await act(() => client.refetchQueries());
    await waitFor(() => {
      expect(screen.queryByRole('alert')).toBeNull();
    });
    const rows = screen.getAllByTestId('trade-row');
    expect(rows).toHaveLength(3);
    expect(rows[0]?.dataset.fresh).toBe('true');
    expect(cells(rows[0] as HTMLElement)[2]).toBe('300');
    expect(rows.slice(1).some((row) => row.dataset.fresh === 'true')).toBe(false);
  });

  it('says when there are no trades yet', async () => {
    serve((url) => (url.pathname === '/v1/market/trades' ? tradesOf('AAPL.US', 'stock', []) : undefined));
    show('AAPL.US');
    expect((await screen.findByTestId('trades-empty')).textContent).toContain('No trades for AAPL.US yet.');
  });
});
