/**
 * Top gainers and losers of the HK market: stocks only (no indices), with a positive volume
 * (a stock that has not traded today has no real move), ranked by change %. Gainers are up,
 * losers are down: on a day with fewer than five risers the gainers list is shorter.
 */
import type { HkRow } from './hk-row';

export interface Movers {
  gainers: HkRow[];
  losers: HkRow[];
}

export const MOVERS_COUNT = 5;

export function isMoverCandidate(row: HkRow): boolean {
  return row.type === 'stock' && row.volume > 0 && Number.isFinite(row.changePercent);
}

export function topMovers(rows: readonly HkRow[], count = MOVERS_COUNT): Movers {
  const candidates = rows.filter(isMoverCandidate);
  const gainers = candidates
    .filter((row) => row.changePercent > 0)
    .sort((a, b) => b.changePercent - a.changePercent || a.index - b.index)
    .slice(0, count);
  const losers = candidates
    .filter((row) => row.changePercent < 0)
    .sort((a, b) => a.changePercent - b.changePercent || a.index - b.index)
    .slice(0, count);
  return { gainers, losers };
}
