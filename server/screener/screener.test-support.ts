/**
 * The screener's oracle: a universe read straight from a simulator (its raw tickers, stock
 * information, completed daily bars and today's bar time), each symbol's TechnicalState built
 * afresh from the bars, and `evaluateScreen` over that; the service's answer must equal it.
 */
import { gunzipSync } from 'node:zlib';
import type { Candle } from '#shared/candle.ts';
import { defaultAdjust } from '#shared/first-page.ts';
import type { ProductType } from '#shared/contract.ts';
import { evaluateScreen, type ScreenResult } from '#shared/screener/screen-evaluate.ts';
import type { Screen } from '#shared/screener/screen-model.ts';
import { quoteBar, type ScreenSymbol } from '#shared/screener/screen-universe.ts';
import { TechnicalState } from '#shared/screener/technical-state.ts';
import type { Simulator } from '../sim/app.ts';
import { HISTORY_BARS, infoOf, quoteOf, type ScreenerAsk } from './screener-universe.ts';

type Json = Record<string, unknown>;

/** An AskV1 straight to a simulator with `key`, as app.ts asks the embedded one. */
export function simulatorAsk(sim: Simulator, key = 'demo-enterprise'): ScreenerAsk {
  return async (target, headers) => sim.app.request(target, { headers: { ...headers, 'X-API-Key': key } });
}

async function data(sim: Simulator, target: string): Promise<unknown> {
  const response = await sim.app.request(target, { headers: { 'X-API-Key': 'demo-enterprise' } });
  const body = (await response.json()) as { code: number; data: unknown };
  if (body.code !== 0) throw new Error(`${target}: ${String(body.code)}`);
  return body.data;
}

/** The full-market ticker's entries (decompressed). */
export async function fullMarket(sim: Simulator, path: string): Promise<Json[]> {
  const response = await sim.app.request(path, { headers: { 'X-API-Key': 'demo-enterprise', 'Accept-Encoding': 'gzip' } });
  return (JSON.parse(gunzipSync(Buffer.from(await response.arrayBuffer())).toString('utf8')) as { data: Json[] }).data;
}

/** The raw universe of `symbols`, read one request per figure, no batching, no cache. */
export async function rawUniverse(sim: Simulator, symbols: readonly string[], type: ProductType): Promise<ScreenSymbol[]> {
  const out: ScreenSymbol[] = [];
  for (const symbol of symbols) {
    const [ticker] = (await data(sim, `/v1/market/ticker?symbols=${symbol}&type=${type}`)) as Json[];
    const quote = ticker && quoteOf(ticker);
    if (!quote) continue;
    const infos = type === 'stock' ? ((await data(sim, `/v1/market/stock-info?symbols=${symbol}&type=stock`)) as Json[]) : [];
    const adjust = defaultAdjust(symbol, type);
    const history = (await data(
      sim,
      `/v1/market/kline?symbol=${symbol}&type=${type}&interval=1d&limit=${String(HISTORY_BARS)}${adjust === 'none' ? '' : `&adjust=${adjust}`}`,
    )) as {
      klines: Json[];
    };
    const completed: Candle[] = history.klines.map((k) => ({
      time: Number(k.time),
      open: Number(k.open),
      high: Number(k.high),
      low: Number(k.low),
      close: Number(k.close),
      volume: Number(k.volume),
    }));
    const [latest] = (await data(sim, `/v1/market/kline/latest?symbols=${symbol}&type=${type}&interval=1d`)) as { klines: Json[] }[];
    const today = latest?.klines[0] ? Number(latest.klines[0].time) : undefined;
    const last = completed.at(-1);
    const forming = today !== undefined && (!last || today > last.time) ? quoteBar(quote, today) : undefined;
    const info = infos[0];
    out.push({ symbol, quote, ...(info && { info: infoOf(info) }), daily: new TechnicalState(completed, forming) });
  }
  return out;
}

export function oracle(screen: Screen, universe: readonly ScreenSymbol[]): ScreenResult {
  return evaluateScreen(screen, universe);
}
