/**
 * The tape looks like its market: a liquid crypto pair or a US mega-cap prints many trades a
 * minute, an A-share or a China future about one per exchange snapshot, and quieter names fewer.
 * Counted over the last ten complete minutes of a session, through the trades endpoint.
 */
import { describe, expect, it } from 'vitest';
import { frozenSimulator, getJson } from '../test-support.ts';

interface Trade {
  timestamp: number;
  quantity: string;
}

const MINUTE_MS = 60_000;

async function tradesPerMinute(iso: string, symbol: string): Promise<number[]> {
  const sim = frozenSimulator(iso);
  const { body } = await getJson<{ data: { trades: Trade[] } }>(sim, `/v1/market/trades?symbol=${symbol}&limit=1000`);
  const trades = body.data.trades;
  const lastMinute = Math.floor(Date.parse(iso) / MINUTE_MS);
  const counts = new Map<number, number>();
  for (const trade of trades) counts.set(Math.floor(trade.timestamp / MINUTE_MS), (counts.get(Math.floor(trade.timestamp / MINUTE_MS)) ?? 0) + 1);
  // The ten complete minutes before now (the oldest minute in the answer may be cut by the limit).
  const complete = [...counts.keys()]
    .filter((minute) => minute < lastMinute)
    .sort((a, b) => b - a)
    .slice(0, 10);
  return complete.map((minute) => counts.get(minute) ?? 0);
}

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

describe('trade tape density', () => {
  it.each([
    // [symbol, a time in its session, least and most trades a minute on average]
    ['BTCUSDT', '2026-10-14T14:30:00Z', 60, 400],
    ['AAPL.US', '2026-10-14T15:30:00Z', 40, 400],
    ['700.HK', '2026-10-14T03:30:00Z', 20, 200],
    ['600519.SH', '2026-10-14T02:30:00Z', 10, 20],
    ['AU2612', '2026-10-14T02:30:00Z', 30, 120],
  ])('%s prints a plausible number of trades a minute', async (symbol, iso, least, most) => {
    const perMinute = await tradesPerMinute(iso, symbol);
    expect(perMinute.length).toBeGreaterThanOrEqual(3);
    expect(mean(perMinute)).toBeGreaterThanOrEqual(least);
    expect(mean(perMinute)).toBeLessThanOrEqual(most);
  });

  it('answers the same tape twice (determinism)', async () => {
    const first = await tradesPerMinute('2026-10-14T14:30:00Z', 'BTCUSDT');
    expect(await tradesPerMinute('2026-10-14T14:30:00Z', 'BTCUSDT')).toEqual(first);
  });
});
