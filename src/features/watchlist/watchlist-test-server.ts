/** A stubbed `fetch` answering the ticker endpoint like the service, for the watchlist's tests. */
import { vi } from 'vitest';

export interface Quote {
  last: string;
  change: string;
  percent: string;
  /** Defaults to `last`; another precision here changes the symbol's precision. */
  bid?: string;
  /** The data's own name; defaults to `${symbol} name`. */
  name?: string;
}

export function tickerOf(symbol: string, quote: Quote) {
  return {
    symbol,
    name: quote.name ?? `${symbol} name`,
    type: 'stock',
    last_price: quote.last,
    open: quote.last,
    prev_close: quote.last,
    bid_price: quote.bid ?? quote.last,
    ask_price: quote.last,
    volume_24h: '141310377',
    high_24h: quote.last,
    low_24h: quote.last,
    price_change_24h: quote.change,
    price_change_percent_24h: quote.percent,
    quote_volume_24h: '31423198685.5',
    timestamp: 1795573800000,
  };
}

export function envelope(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', 'X-Chartroom-Source': 'simulator' } });
}

/**
 * Serves `quotes` (mutable: change a price between polls); symbols not in it are left out of the
 * answer, and 2002 comes back when none is known — as the service does. While `outage.on`, every
 * request answers 5001.
 */
export function serveTickers(quotes: Map<string, Quote>, outage?: { on: boolean }) {
  const requests: string[][] = [];
  const fetchMock = vi.fn((input: RequestInfo | URL) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    if (outage?.on) return Promise.resolve(envelope({ code: 5001, message: 'Data source unavailable' }, 503));
    if (url.pathname !== '/v1/market/ticker') return Promise.resolve(envelope({ code: 2001, message: 'Invalid parameter: path' }, 400));
    const symbols = (url.searchParams.get('symbols') ?? '').split(',');
    requests.push(symbols);
    const known = symbols.flatMap((symbol) => {
      const quote = quotes.get(symbol);
      return quote ? [tickerOf(symbol, quote)] : [];
    });
    if (known.length === 0) return Promise.resolve(envelope({ code: 2002, message: `Symbol not found: ${symbols.join(',')}` }, 404));
    return Promise.resolve(envelope({ code: 0, message: 'success', data: known }));
  });
  vi.stubGlobal('fetch', fetchMock);
  return { requests };
}

/** Lets batches already queued by unmounted rows go out to the stub before it is removed. */
export async function settleBatches(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 30));
}
