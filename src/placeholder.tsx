/**
 * Placeholder page until the dashboard lands: proves the browser → server → data path by
 * showing a few live quotes and where they come from (simulator or live upstream).
 */
import { useEffect, useState } from 'react';

interface Quote {
  symbol: string;
  name?: string;
  last_price: string;
  price_change_percent_24h?: string;
}

const SYMBOLS = 'AAPL.US,700.HK,600519.SH,BTCUSDT,EURUSD,XAUUSD';

export function Placeholder() {
  const [quotes, setQuotes] = useState<Quote[]>([]);
  const [source, setSource] = useState('…');
  const [error, setError] = useState<string>();

  useEffect(() => {
    let cancelled = false;
    const load = async () => {
      try {
        const response = await fetch(`/v1/market/ticker?symbols=${SYMBOLS}`);
        const body = (await response.json()) as { code: number; message?: string; data?: Quote[] };
        if (cancelled) return;
        setSource(response.headers.get('X-Chartroom-Source') ?? 'unknown');
        if (body.code !== 0 || !body.data) throw new Error(body.message ?? `error ${String(body.code)}`);
        setQuotes(body.data);
        setError(undefined);
      } catch (caught) {
        if (!cancelled) setError(caught instanceof Error ? caught.message : String(caught));
      }
    };
    void load();
    const timer = setInterval(() => void load(), 5_000);
    return () => {
      cancelled = true;
      clearInterval(timer);
    };
  }, []);

  return (
    <main className="min-h-screen bg-slate-950 p-8 font-sans text-slate-100">
      <h1 className="text-2xl font-semibold">Chartroom</h1>
      <p className="mt-1 text-sm text-slate-400">
        Data source: <span data-testid="source">{source}</span>. The dashboard is on its way; these quotes prove the path.
      </p>
      {error && (
        <p role="alert" className="mt-4 text-red-400">
          {error}
        </p>
      )}
      <table className="mt-6 text-sm" aria-label="Quotes">
        <thead>
          <tr className="text-left text-slate-400">
            <th className="pr-6">Symbol</th>
            <th className="pr-6">Name</th>
            <th className="pr-6 text-right">Last</th>
            <th className="text-right">Change %</th>
          </tr>
        </thead>
        <tbody>
          {quotes.map((quote) => (
            <tr key={quote.symbol}>
              <td className="pr-6">{quote.symbol}</td>
              <td className="pr-6">{quote.name}</td>
              <td className="pr-6 text-right tabular-nums">{quote.last_price}</td>
              <td className="text-right tabular-nums">{quote.price_change_percent_24h}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </main>
  );
}
