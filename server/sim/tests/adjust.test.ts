/**
 * adjust=forward|backward on both K-line endpoints follows §4.12 exactly: recomputed here from
 * unadjusted K-lines and the ex-factors endpoint with an independent implementation of the rules.
 */
import { describe, expect, it } from 'vitest';
import { frozenSimulator, getJson, klines, type KlineJson } from '../test-support.ts';

interface Factor {
  timestamp: number;
  adjust: 'forward' | 'backward';
  factor_a: number;
  factor_b: number;
}

const sim = frozenSimulator('2026-11-25T21:00:00Z');

async function factorsOf(symbol: string): Promise<Factor[]> {
  const answer = await getJson<{ code: number; data: { data: Record<string, Factor[]> } }>(sim, `/v1/market/kline/ex-factors?symbols=${symbol}`);
  return answer.body.data.data[symbol] ?? [];
}

function byRule(price: number, time: number, factors: Factor[], mode: 'forward' | 'backward'): number {
  let value = price;
  if (mode === 'forward') {
    for (const f of factors.filter((f) => f.adjust === 'forward' && f.timestamp > time).sort((a, b) => a.timestamp - b.timestamp)) {
      value = value * f.factor_a + f.factor_b;
    }
  } else {
    for (const f of factors.filter((f) => f.adjust === 'backward' && f.timestamp <= time).sort((a, b) => b.timestamp - a.timestamp)) {
      value = value * f.factor_a + f.factor_b;
    }
  }
  return value;
}

describe('ex-factors', () => {
  it('gives one forward and one backward factor per event, for stocks in every market', async () => {
    for (const symbol of ['AAPL.US', '700.HK', '600519.SH']) {
      const factors = await factorsOf(symbol);
      expect(factors.length).toBeGreaterThan(0);
      expect(factors.filter((f) => f.adjust === 'forward')).toHaveLength(factors.length / 2);
      const times = new Set(factors.map((f) => f.timestamp));
      expect(times.size).toBe(factors.length / 2);
    }
  });

  it('filters by start_time and end_time inclusively', async () => {
    const all = await factorsOf('AAPL.US');
    const pivot = all[Math.floor(all.length / 2)]?.timestamp ?? 0;
    const answer = await getJson<{ data: { data: Record<string, Factor[]> } }>(
      sim,
      `/v1/market/kline/ex-factors?symbols=AAPL.US&start_time=${pivot}&end_time=${pivot}`,
    );
    const only = answer.body.data.data['AAPL.US'] ?? [];
    expect(only).toHaveLength(2);
    expect(only.every((f) => f.timestamp === pivot)).toBe(true);
  });
});

describe('adjusted K-lines follow the rules', () => {
  it.each([
    ['AAPL.US', '1d'],
    ['NVDA.US', '1w'],
    ['700.HK', '1d'],
    ['600519.SH', '1d'],
  ])('%s %s forward and backward', async (symbol, interval) => {
    const factors = await factorsOf(symbol);
    const raw = await klines(sim, `symbol=${symbol}&interval=${interval}&limit=1000`);
    for (const mode of ['forward', 'backward'] as const) {
      const adjusted = await klines(sim, `symbol=${symbol}&interval=${interval}&limit=1000&adjust=${mode}`);
      expect(adjusted.map((k) => k.time)).toEqual(raw.map((k) => k.time));
      let changed = 0;
      raw.forEach((candle: KlineJson, i) => {
        const got = adjusted[i];
        for (const field of ['open', 'high', 'low', 'close'] as const) {
          const expected = byRule(Number(candle[field]), candle.time, factors, mode);
          expect(Math.abs(Number(got?.[field]) - expected)).toBeLessThanOrEqual(0.00005 + 1e-9);
          if (Number(got?.[field]) !== Number(candle[field])) changed++;
        }
        expect(got?.volume).toBe(candle.volume);
      });
      expect(changed).toBeGreaterThan(0);
    }
  });

  it('adjust omitted means none, and the latest endpoint adjusts too', async () => {
    const none = await klines(sim, 'symbol=AAPL.US&interval=1d&limit=5&adjust=none');
    const omitted = await klines(sim, 'symbol=AAPL.US&interval=1d&limit=5');
    expect(omitted).toEqual(none);
    const factors = await factorsOf('AAPL.US');
    const raw = await getJson<{ data: { klines: KlineJson[] }[] }>(sim, '/v1/market/kline/latest?symbols=AAPL.US&interval=1d');
    const backward = await getJson<{ data: { adjust: string; klines: KlineJson[] }[] }>(
      sim,
      '/v1/market/kline/latest?symbols=AAPL.US&interval=1d&adjust=backward',
    );
    const candle = raw.body.data[0]?.klines[0];
    expect(backward.body.data[0]?.adjust).toBe('backward');
    expect(Number(backward.body.data[0]?.klines[0]?.close)).toBeCloseTo(byRule(Number(candle?.close), candle?.time ?? 0, factors, 'backward'), 4);
  });

  it('the forward-adjusted daily series has no gap at a split', async () => {
    // NVDA split 10-for-1 on 2024-06-10: raw prices drop tenfold, forward-adjusted ones do not.
    const end = Date.parse('2024-06-20T00:00:00Z');
    const raw = await klines(sim, `symbol=NVDA.US&interval=1d&end_time=${end}&limit=10`);
    const forward = await klines(sim, `symbol=NVDA.US&interval=1d&end_time=${end}&limit=10&adjust=forward`);
    const jumps = (series: KlineJson[]) => Math.max(...series.slice(1).map((k, i) => Math.abs(Math.log(Number(k.open) / Number(series[i]?.close)))));
    expect(jumps(raw)).toBeGreaterThan(1.5);
    expect(jumps(forward)).toBeLessThan(0.2);
  });
});
