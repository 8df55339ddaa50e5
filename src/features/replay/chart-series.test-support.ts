/**
 * Test support: what a chart of the app draws at the data's clock `now`, asked the way the app
 * asks (src/queries): the newest history page, the forming bar of the latest endpoint, and the
 * tail between them, merged.
 */
import type { ApiClient } from '../../api/client';
import { fetchLatestKlines } from '../../api/kline-endpoints';
import type { Candle } from '#shared/candle.ts';
import type { Interval } from '#shared/contract.ts';
import { mergeCandles, toCandle } from '../../lib/candles';
import { fetchHistoryPage, fetchTail, tailStart } from '../../queries/kline-history-pages';

export interface ChartSeries {
  /** The newest history page (completed bars). */
  history: Candle[];
  forming: Candle | undefined;
  /** History, tail and forming bar merged, ascending. */
  candles: Candle[];
}

export async function chartSeries(api: ApiClient, symbol: string, interval: Interval, now: number): Promise<ChartSeries> {
  const params = { symbol, interval };
  const page = await fetchHistoryPage(api, params, null, undefined, now);
  const [latest] = await fetchLatestKlines(api, { symbols: [symbol], interval });
  const forming = latest?.klines.map(toCandle).at(-1);
  const newest = page.candles.at(-1);
  let tail: Candle[] = [];
  if (newest && forming && tailStart(interval, newest.time) <= forming.time - 1) {
    const answer = await fetchTail(api, params, tailStart(interval, newest.time), forming.time - 1);
    if (answer.kind === 'overflow') throw new Error('tail overflow');
    tail = answer.candles;
  }
  return { history: page.candles, forming, candles: mergeCandles(mergeCandles(page.candles, tail), forming ? [forming] : []) };
}
