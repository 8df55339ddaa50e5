/**
 * The tickers of instruments the feed does not carry, asked of `/v1/market/ticker` through the
 * server's own way to the data (the forwarder with the key and its budget, or the embedded
 * simulator): at most 50 symbols a request (the contract's limit), one request per product type.
 */
import { recordOf } from '../realtime/feed/replies.ts';
import { tickerPushDataOf, type TickerPushData } from './evaluate-alerts.ts';
import type { AskV1 } from './kline-bars.ts';

const SYMBOLS_PER_REQUEST = 50;

function tickersOf(body: unknown): TickerPushData[] {
  if (typeof body !== 'object' || body === null) return [];
  const { code, data } = body as { code?: unknown; data?: unknown };
  if (code !== 0 || !Array.isArray(data)) return [];
  return data.flatMap((item: unknown): TickerPushData[] => {
    const record = recordOf(item);
    const ticker = record && tickerPushDataOf(record);
    return ticker ? [ticker] : [];
  });
}

export function tickerPoller(ask: AskV1): (instruments: { symbol: string; type: string | undefined }[]) => Promise<TickerPushData[]> {
  return async (instruments) => {
    const byType = new Map<string | undefined, string[]>();
    for (const { symbol, type } of instruments) byType.set(type, [...(byType.get(type) ?? []), symbol]);
    const requests: string[] = [];
    for (const [type, symbols] of byType)
      for (let start = 0; start < symbols.length; start += SYMBOLS_PER_REQUEST) {
        const query = new URLSearchParams({ symbols: symbols.slice(start, start + SYMBOLS_PER_REQUEST).join(','), ...(type !== undefined && { type }) });
        requests.push(`/v1/market/ticker?${query.toString()}`);
      }
    const answers = await Promise.all(requests.map(async (target) => tickersOf(await (await ask(target)).json())));
    return answers.flat();
  };
}
