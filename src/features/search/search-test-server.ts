/**
 * A stubbed `fetch` answering the server's catalogue index and the ticker like the server and the
 * service, for the palette's tests.
 */
import { vi } from 'vitest';
import { CATALOG_PATH, catalogResponse, type ProductRow } from '../../queries/catalog.test-support';

export type { ProductRow };

export const CATALOG: ProductRow[] = [
  { symbol: 'EURUSD', name: 'Euro / US Dollar', market: 'GLOBAL', type: 'forex' },
  { symbol: 'BTCUSD', name: 'Bitcoin / US Dollar', market: 'GLOBAL', type: 'crypto' },
  { symbol: 'ETHUSDT', name: 'Ethereum / Tether', market: 'GLOBAL', type: 'crypto' },
  { symbol: 'BTCUSDT', name: 'Bitcoin / Tether', market: 'GLOBAL', type: 'crypto' },
  { symbol: 'BTCUSD', name: 'Bitcoin / US Dollar CFD', market: 'GLOBAL', type: 'forex' },
  { symbol: 'AAPL.US', name: 'Apple', market: 'US', type: 'stock' },
  { symbol: 'MSFT.US', name: 'Microsoft', market: 'US', type: 'stock' },
  { symbol: 'NVDA.US', name: 'NVIDIA', market: 'US', type: 'stock' },
  { symbol: '700.HK', name: '腾讯控股', market: 'HK', type: 'stock', nameEn: 'TENCENT', pinyin: 'teng xun kong gu' },
  { symbol: '600519.SH', name: '贵州茅台', market: 'CN', type: 'stock', pinyin: 'gui zhou mao tai' },
  ...Array.from({ length: 150 }, (_, i): ProductRow => ({ symbol: `${String(i + 1)}.HK`, name: `HK company ${String(i + 1)}`, market: 'HK', type: 'stock' })),
];

function envelope(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', 'X-Chartroom-Source': 'simulator' } });
}

function ticker(url: URL, catalog: readonly ProductRow[]): Response {
  const symbol = url.searchParams.get('symbols') ?? '';
  const type = url.searchParams.get('type');
  const rows = catalog.filter((row) => row.symbol === symbol && (!type || row.type === type));
  const [row] = rows;
  if (rows.length > 1) {
    const types = rows.map((candidate) => candidate.type);
    return envelope(
      {
        code: 2001,
        message: `Invalid parameter: AMBIGUOUS_SYMBOL: ${symbol} is listed as ${types.join(' and ')}; pass type`,
        error: 'AMBIGUOUS_SYMBOL',
        data: { symbol, types },
      },
      400,
    );
  }
  if (!row) return envelope({ code: 2002, message: `Symbol not found: ${symbol}` }, 404);
  return envelope({ code: 0, message: 'success', data: [{ symbol, name: row.name, type: row.type, last_price: '1.00', timestamp: 1795573800000 }] });
}

/**
 * `fail` answers a request instead (e.g. an outage) when it returns a Response; the catalogue's
 * answer waits for `catalogueHeld` when given (a slow first build).
 */
export function serveCatalog(catalog: readonly ProductRow[] = CATALOG, fail?: (url: URL) => Response | undefined, catalogueHeld?: Promise<void>) {
  const urls: URL[] = [];
  const fetchMock = vi.fn((input: RequestInfo | URL) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    urls.push(url);
    const failure = fail?.(url);
    if (failure) return Promise.resolve(failure);
    if (url.pathname === CATALOG_PATH) return (catalogueHeld ?? Promise.resolve()).then(() => catalogResponse(catalog));
    if (url.pathname === '/v1/market/ticker') return Promise.resolve(ticker(url, catalog));
    return Promise.resolve(envelope({ code: 2001, message: 'Invalid parameter: path' }, 400));
  });
  vi.stubGlobal('fetch', fetchMock);
  return { urls, paths: () => urls.map((url) => `${url.pathname}${url.search}`) };
}

export function outage(): Response {
  return envelope({ code: 5001, message: 'Data source unavailable' }, 503);
}
