/**
 * Test support: bars recorded from the real simulator in process, and a source ApiClient over it
 * whose requests are counted (src/api/sim-fetch.test-support.ts).
 */
import { createApiClient, type ApiClient } from '../../api/client';
import { simFetch, type SimHandle } from '../../api/sim-fetch.test-support';
import { klines, type KlineJson } from '../../../server/sim/test-support.ts';

const PAGE = 1_000;

/** Every bar of `interval` with time in [start, end), ascending, asked page by page (newest first). */
export async function recordBars(sim: SimHandle, symbol: string, interval: string, start: number, end: number): Promise<KlineJson[]> {
  const pages: KlineJson[][] = [];
  for (let upper = end - 1; ;) {
    const page = await klines(sim, `symbol=${symbol}&interval=${interval}&start_time=${start}&end_time=${upper}&limit=${PAGE}`);
    pages.unshift(page);
    const oldest = page[0];
    if (page.length < PAGE || !oldest) break;
    upper = oldest.time - 1;
  }
  return pages.flat();
}

/** A real API client over `sim`, and the paths it asked. */
export function countedSource(sim: SimHandle): { api: ApiClient; calls: string[] } {
  const { fetch, calls } = simFetch(sim);
  return { api: createApiClient({ fetch }), calls };
}
