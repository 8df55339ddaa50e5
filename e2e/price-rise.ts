/**
 * A deterministic crossing for the alert journeys: the simulator's price is a function of its
 * clock, so a journey freezes the clock, finds a later instant with a higher price, sets an
 * alert between the two prices, and moves the clock there.
 */
import type { APIRequestContext } from '@playwright/test';
import { DEFAULT_SIM_NOW, setClock } from './sim-control.ts';

export const T0 = Date.parse(DEFAULT_SIM_NOW);

export const iso = (ms: number) => new Date(ms).toISOString();

export async function priceAt(request: APIRequestContext, symbol: string, ms: number): Promise<number> {
  await setClock(request, iso(ms), true);
  const response = await request.get(`/v1/market/ticker?symbols=${symbol}`);
  const body = (await response.json()) as { data: { last_price: string }[] };
  const [ticker] = body.data;
  if (!ticker) throw new Error('no ticker');
  return Number(ticker.last_price);
}

/** The price at T0 and the first later instant (10 s steps) at which the price is above it. */
export async function findRise(request: APIRequestContext, symbol: string): Promise<{ p0: number; t1: number; p1: number }> {
  const p0 = await priceAt(request, symbol, T0);
  for (let step = 1; step <= 360; step += 1) {
    const t1 = T0 + step * 10_000;
    const p1 = await priceAt(request, symbol, t1);
    if (p1 > p0) return { p0, t1, p1 };
  }
  throw new Error('the price never rose within an hour');
}
