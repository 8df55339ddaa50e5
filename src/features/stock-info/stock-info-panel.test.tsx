// @vitest-environment happy-dom
import { QueryClient } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../../store/app-store';
import { StockInfoPanel } from './stock-info-panel';
import { TestServices } from '../../queries/query-test-support';
import { loadErrorTexts } from '../../components/ui/use-error-text';

// The words for failures, as the app has them once the panels beside the chart are in.
beforeAll(() => loadErrorTexts());

const initial = useAppStore.getState();

const TENCENT = {
  symbol: '700.HK',
  name_cn: '腾讯控股',
  name_en: 'TENCENT',
  name_hk: '騰訊控股',
  exchange: 'SEHK',
  total_shares: 9150000000,
  circulating_shares: 9150000000,
  hk_shares: 9150000000,
  eps: '23.3789',
  eps_ttm: '24.5',
  bps: '125',
  dividend_yield: '0.9',
  stock_derivatives: [1, 2],
  currency: 'HKD',
  lot_size: 100,
};
const MOUTAI = {
  symbol: '600519.SH',
  name_cn: '贵州茅台',
  exchange: 'SH',
  total_shares: 1256000000,
  circulating_shares: 1256000000,
  eps: '68.6',
  bps: '205',
  board: 'sh_main',
  currency: 'CNY',
  lot_size: 100,
};

function ticker(symbol: string, lastPrice: string) {
  return {
    symbol,
    name: symbol,
    type: 'stock',
    last_price: lastPrice,
    volume_24h: '11836200',
    high_24h: lastPrice,
    low_24h: lastPrice,
    price_change_24h: '0',
    price_change_percent_24h: '0',
    timestamp: 1795573800000,
  };
}

function envelope(data: unknown, status = 200, code = 0, message = 'success'): Response {
  return new Response(JSON.stringify(code === 0 ? { code, message, data } : { code, message }), {
    status,
    headers: { 'Content-Type': 'application/json', 'X-Chartroom-Source': 'simulator' },
  });
}

type Route = (url: URL) => Response | undefined;
let fetchMock: ReturnType<typeof vi.fn>;

function serve(route: Route) {
  fetchMock = vi.fn((input: RequestInfo | URL) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    return Promise.resolve(route(url) ?? envelope(undefined, 404, 2002, 'Symbol not found'));
  });
  vi.stubGlobal('fetch', fetchMock);
}

function paths(): string[] {
  return fetchMock.mock.calls.map(([input]) => String(input));
}

function market(info: unknown[], prices: Record<string, string>): Route {
  return (url) => {
    if (url.pathname === '/v1/market/stock-info') return envelope(info);
    if (url.pathname === '/v1/market/ticker') {
      const symbols = (url.searchParams.get('symbols') ?? '').split(',');
      return envelope(symbols.flatMap((symbol) => (prices[symbol] === undefined ? [] : [ticker(symbol, prices[symbol])])));
    }
    return undefined;
  };
}

function show(symbol: string, type?: 'stock' | 'forex') {
  useAppStore.getState().openSymbol(symbol, type);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <TestServices client={client}>
      <StockInfoPanel />
    </TestServices>,
  );
}

function valueOf(label: string): HTMLElement {
  const term = screen.getByText(label, { selector: 'dt' });
  const value = term.nextElementSibling;
  if (!(value instanceof HTMLElement)) throw new Error(`no value for ${label}`);
  return value;
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

describe('StockInfoPanel', () => {
  it('shows every field of an HK stock and its valuation at the last price', async () => {
    serve(market([TENCENT], { '700.HK': '505' }));
    show('700.HK');
    await screen.findByText('TENCENT');
    expect(valueOf('Name (traditional Chinese)').textContent).toBe('騰訊控股');
    expect(valueOf('Name (traditional Chinese)').getAttribute('lang')).toBe('zh-Hant');
    expect(valueOf('Exchange').textContent).toBe('SEHK');
    expect(valueOf('Lot size').textContent).toBe('100 shares');
    expect(valueOf('Total shares').textContent).toBe('9.15B');
    expect(valueOf('Total shares').getAttribute('title')).toBe('9,150,000,000 shares');
    expect(valueOf('H shares').textContent).toBe('9.15B');
    expect(valueOf('EPS (TTM)').textContent).toBe('24.5');
    expect(valueOf('Dividend yield').textContent).toBe('0.90%');
    expect(valueOf('Derivatives').textContent).toBe('Options, Warrants');
    await screen.findByText('Market cap');
    expect(valueOf('Market cap').textContent).toBe('HK$4.62T');
    expect(valueOf('Market cap').getAttribute('title')).toBe('HK$4,620,750,000,000');
    expect(valueOf('Float market cap').textContent).toBe('HK$4.62T');
    expect(valueOf('At last price').textContent).toBe('HK$505');
    expect(valueOf('P/E (TTM)').textContent).toBe('20.61');
    expect(valueOf('P/B').textContent).toBe('4.04');
    expect(screen.getByRole('group', { name: 'Stock information for 700.HK' })).toBeTruthy();
    expect(paths().some((path) => path.includes('/v1/market/stock-info?symbols=700.HK'))).toBe(true);
  });

  it('shows the A-share board and leaves out what the market does not return', async () => {
    serve(market([MOUTAI], { '600519.SH': '1372' }));
    const { container } = show('600519.SH');
    await screen.findByText('SSE Main Board');
    await screen.findByText('Market cap');
    expect(valueOf('Market cap').textContent).toBe('¥1.72T');
    expect(valueOf('P/E').textContent).toBe('20.00');
    expect(screen.queryByText('Name (English)')).toBeNull();
    expect(screen.queryByText('EPS (TTM)')).toBeNull();
    expect(screen.queryByText('Dividend yield')).toBeNull();
    expect(screen.queryByText('H shares')).toBeNull();
    expect(container.textContent).not.toContain('undefined');
    expect(container.textContent).not.toContain('NaN');
  });

  it('keeps the information without a price, leaving out the valuation', async () => {
    serve((url) => (url.pathname === '/v1/market/stock-info' ? envelope([TENCENT]) : envelope(undefined, 503, 5001, 'Data source unavailable')));
    show('700.HK');
    await screen.findByText('TENCENT');
    await screen.findByText(/Valuation figures need the last price/);
    expect(screen.queryByText('Market cap')).toBeNull();
  });

  it('says so for a non-stock symbol, without a request', () => {
    serve(market([], {}));
    show('EURUSD');
    expect(screen.getByTestId('stock-info-unavailable').textContent).toContain('Stock information is available for US, HK and A-share stocks');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says so for a stock-shaped symbol of another chosen type, without a request', () => {
    serve(market([], {}));
    show('AAPL.US', 'forex');
    expect(screen.getByTestId('stock-info-unavailable')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the error in its panel and recovers on retry', async () => {
    let fail = true;
    serve((url) => {
      if (url.pathname === '/v1/market/stock-info') return fail ? envelope(undefined, 503, 5001, 'Data source unavailable') : envelope([TENCENT]);
      return market([], { '700.HK': '505' })(url);
    });
    show('700.HK');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The data source is unavailable right now.');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await screen.findByText('TENCENT');
    await waitFor(() => {
      expect(screen.queryByRole('alert')).toBeNull();
    });
  });

  it('says when the service returns no entry for the stock', async () => {
    serve(market([], {}));
    show('9999.HK');
    expect((await screen.findByTestId('stock-info-empty')).textContent).toContain('9999.HK');
  });
});
