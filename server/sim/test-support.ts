/** Helpers for the simulator's tests: a frozen simulator and JSON requests against it in process. */
import { createSimulator, type Simulator, type SimulatorOptions } from './app.ts';

export function frozenSimulator(iso: string, options: Omit<SimulatorOptions, 'clock'> = {}): Simulator {
  return createSimulator({ ...options, clock: { now: Date.parse(iso), frozen: true } });
}

export interface JsonAnswer<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
}

export async function getJson<T = { code: number; message?: string; data?: unknown }>(
  sim: Simulator,
  path: string,
  key: string | null = 'demo-enterprise',
  headers: Record<string, string> = {},
): Promise<JsonAnswer<T>> {
  const response = await sim.app.request(path, { headers: { ...(key !== null && { 'X-API-Key': key }), ...headers } });
  return { status: response.status, headers: response.headers, body: (await response.json()) as T };
}

import type { KlineRow as KlineJson } from '#shared/replay/fold-minutes.ts';

export type { KlineJson };

export async function klines(sim: Simulator, query: string, key = 'demo-enterprise'): Promise<KlineJson[]> {
  const answer = await getJson<{ code: number; message: string; data: { klines: KlineJson[] } }>(sim, `/v1/market/kline?${query}`, key);
  if (answer.body.code !== 0) throw new Error(`kline ${query}: ${answer.body.message}`);
  return answer.body.data.klines;
}
