/**
 * The bars of the server's indicator alerts in production: the app's own `/v1/market/kline`
 * (§4.2: completed periods only, the newest `limit` of them when no time is given).
 *
 * - Asked as the server itself (`AskV1`, app.ts): with the server's key through the shared
 *   exchange and its budget, or the embedded simulator, as the search catalogue asks. Not through
 *   `app.fetch`: its guards (the Host allowlist, sign-in, the per-client limit) are there for
 *   browsers, and a request of no browser's would be refused by them.
 * - Adjusted as the chart opens the symbol (defaultAdjust: stocks forward, as Futu and TradingView
 *   open them), so an alert's moving average is the one the chart draws; the newest prices, those
 *   the ticker pushes, are the same raw or forward-adjusted.
 * - 3m, which the endpoint does not have, is folded from 1m as the chart folds it; the oldest
 *   bucket (the window may cut it) and a newest one still missing its last minute are left out.
 */
import { aggregateCandles, bucketStart, type Candle } from '#shared/candle.ts';
import { MAX_LIMIT } from '#shared/contract.ts';
import { defaultAdjust, historySourceOf } from '#shared/first-page.ts';
import * as z from '#shared/schema.ts';
import type { LoadBars } from './bar-series.ts';

/** Asks the app's `/v1` for a path and query, as the server itself. */
export type AskV1 = (target: string) => Promise<Response>;

const MINUTE_MS = 60_000;

const answerSchema = z.object({
  code: z.number(),
  message: z.optional(z.string()),
  data: z.optional(
    z.nullable(
      z.object({
        klines: z.array(z.object({ time: z.number(), open: z.string(), high: z.string(), low: z.string(), close: z.string(), volume: z.string() })),
      }),
    ),
  ),
});

/** The answer's bars, oldest first, one per time; throws on an error answer. */
export function candlesOfAnswer(status: number, body: string): Candle[] {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    throw new Error(`HTTP ${String(status)}, not JSON`);
  }
  const answer = answerSchema.parse(json);
  if (answer.code !== 0 || !answer.data) throw new Error(`${String(answer.code)} ${answer.message ?? ''}`.trim());
  const byTime = new Map<number, Candle>();
  for (const kline of answer.data.klines) {
    const candle = {
      time: kline.time,
      open: Number(kline.open),
      high: Number(kline.high),
      low: Number(kline.low),
      close: Number(kline.close),
      volume: Number(kline.volume),
    };
    if (Object.values(candle).every(Number.isFinite)) byTime.set(candle.time, candle);
  }
  return [...byTime.values()].sort((a, b) => a.time - b.time);
}

/** 1m bars folded into complete buckets of `bucketMs`. */
function completeBuckets(minutes: readonly Candle[], bucketMs: number): Candle[] {
  const buckets = aggregateCandles(minutes, bucketMs);
  const last = minutes.at(-1);
  const newestComplete = last !== undefined && last.time + MINUTE_MS === bucketStart(last.time, bucketMs) + bucketMs;
  return buckets.slice(1, newestComplete ? undefined : -1);
}

export function klineBarLoader(ask: AskV1): LoadBars {
  return async (symbol, type, interval, count) => {
    const source = historySourceOf(interval);
    const perBar = source.bucketMs === undefined ? 1 : source.bucketMs / MINUTE_MS;
    // A folded interval asks one bucket more: the oldest is left out.
    const limit = Math.min(MAX_LIMIT, (perBar === 1 ? count : count + 1) * perBar);
    const query = new URLSearchParams({ symbol, interval: source.interval, limit: String(limit) });
    if (type) query.set('type', type);
    const adjust = defaultAdjust(symbol, type);
    if (adjust !== 'none') query.set('adjust', adjust);
    const response = await ask(`/v1/market/kline?${query.toString()}`);
    const candles = candlesOfAnswer(response.status, await response.text());
    return source.bucketMs === undefined ? candles : completeBuckets(candles, source.bucketMs);
  };
}
