/**
 * Adjusted weekly and monthly candles against the fold of adjusted daily candles, over every
 * split and dividend of the simulator's catalogue, both directions: open of the first day, highest
 * high, lowest low, close of the last day, summed volume, at the series' precision.
 */
import { describe, expect, it } from 'vitest';
import type { AdjustFactor } from '#shared/adjust.ts';
import type { Candle } from '#shared/candle.ts';
import { corporateActionsBySymbol } from '../../server/sim/catalog/corporate-actions.ts';
import { frozenSimulator, getJson, klines } from '../../server/sim/test-support.ts';
import { candlePrecision } from '../lib/candle-precision';
import { adjustCandles, mergeCandles, toCandle } from '../lib/candles';
import { actionPeriods, dailyWindows, foldActionPeriods } from './adjusted-period-fold';

const sim = frozenSimulator('2026-11-25T21:00:00Z');

async function factorsOf(symbol: string): Promise<AdjustFactor[]> {
  const answer = await getJson<{ data: { data: Record<string, AdjustFactor[]> } }>(sim, `/v1/market/kline/ex-factors?symbols=${symbol}`);
  return answer.body.data.data[symbol] ?? [];
}

async function rawCandles(query: string): Promise<Candle[]> {
  return (await klines(sim, `${query}&adjust=none&limit=1000`)).map(toCandle);
}

/** The test's own fold: the days in [start, end) adjusted one by one, then folded by hand. */
function foldOfDays(
  days: readonly Candle[],
  start: number,
  end: number,
  factors: readonly AdjustFactor[],
  direction: 'forward' | 'backward',
  decimals: number,
) {
  const adjusted = adjustCandles(
    days.filter((day) => day.time >= start && day.time < end),
    factors,
    direction,
    decimals,
  );
  return {
    time: start,
    open: adjusted[0]?.open,
    high: Math.max(...adjusted.map((day) => day.high)),
    low: Math.min(...adjusted.map((day) => day.low)),
    close: adjusted.at(-1)?.close,
    volume: adjusted.reduce((sum, day) => sum + day.volume, 0),
  };
}

const symbols = [...corporateActionsBySymbol().keys()];

describe.each(symbols)('%s: adjusted weeks and months are the fold of adjusted days', (symbol) => {
  it.each(['1w', '1M'] as const)('%s', async (interval) => {
    const factors = await factorsOf(symbol);
    expect(factors.length).toBeGreaterThan(0);
    const periodsRaw = await rawCandles(`symbol=${symbol}&interval=${interval}`);
    const candidates = actionPeriods(periodsRaw, factors);
    // Every action of the catalogue inside the loaded history, and the period holding it.
    const first = periodsRaw[0]?.time ?? 0;
    const last = periodsRaw.at(-1)?.time ?? 0;
    const inside = factors.filter((factor) => factor.adjust === 'forward' && factor.timestamp > first && factor.timestamp < last);
    expect(inside.length).toBeGreaterThan(0);
    const holding = inside.map((factor) => {
      const index = periodsRaw.findIndex((candle, i) => candle.time <= factor.timestamp && factor.timestamp < (periodsRaw[i + 1]?.time ?? Infinity));
      return { index, start: periodsRaw[index]?.time ?? 0, end: periodsRaw[index + 1]?.time ?? 0 };
    });
    const windows = dailyWindows(factors);
    const dailies = mergeCandles(
      [],
      (await Promise.all(windows.map((window) => rawCandles(`symbol=${symbol}&interval=1d&start_time=${window.startTime}&end_time=${window.endTime}`)))).flat(),
    );
    const decimals = candlePrecision(dailies);
    for (const direction of ['forward', 'backward'] as const) {
      const shown = foldActionPeriods(adjustCandles(periodsRaw, factors, direction, decimals), candidates, dailies, factors, direction, decimals);
      for (const [n, factor] of inside.entries()) {
        const { index, start, end } = holding[n] ?? { index: -1, start: 0, end: 0 };
        const expected = foldOfDays(dailies, start, end, factors, direction, decimals);
        const { time, open, high, low, close, volume } = shown[index] ?? { time: NaN };
        const at = `${direction} ${new Date(factor.timestamp).toISOString()}`;
        expect({ at, time, open, high, low, close, volume }).toEqual({ at, ...expected, volume: expect.closeTo(expected.volume, 3) as number });
      }
    }
  });
});
