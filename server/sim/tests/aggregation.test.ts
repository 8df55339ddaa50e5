/**
 * Every interval is an aggregation of the one-minute path, completed periods are fixed whatever
 * the clock says, and bytes are identical across simulator instances.
 */
import { describe, expect, it } from 'vitest';
import { frozenSimulator, getJson, klines, type KlineJson } from '../test-support.ts';

const NOW = '2026-11-25T20:00:00Z'; // Wed 15:00 New York, after the HK and CN closes
const sim = frozenSimulator(NOW);

function aggregate(minutes: KlineJson[]): { open: number; high: number; low: number; close: number; volume: number; quote: number } {
  const first = minutes[0];
  const last = minutes[minutes.length - 1];
  if (!first || !last) throw new Error('no minutes');
  return {
    open: Number(first.open),
    close: Number(last.close),
    high: Math.max(...minutes.map((m) => Number(m.high))),
    low: Math.min(...minutes.map((m) => Number(m.low))),
    volume: minutes.reduce((sum, m) => sum + Number(m.volume), 0),
    quote: minutes.reduce((sum, m) => sum + Number(m.quote_volume ?? 0), 0),
  };
}

function expectAggregateOf(candle: KlineJson | undefined, minutes: KlineJson[]): void {
  if (!candle) throw new Error('no candle');
  const expected = aggregate(minutes);
  expect(Number(candle.open)).toBe(expected.open);
  expect(Number(candle.high)).toBe(expected.high);
  expect(Number(candle.low)).toBe(expected.low);
  expect(Number(candle.close)).toBe(expected.close);
  expect(Number(candle.volume)).toBeCloseTo(expected.volume, 6);
  if (candle.quote_volume !== undefined) expect(Number(candle.quote_volume)).toBeCloseTo(expected.quote, 1);
}

describe('minute aggregation', () => {
  it.each([
    ['AAPL.US', '1h', Date.parse('2026-11-24T15:30:00Z')],
    ['700.HK', '1h', Date.parse('2026-11-24T01:30:00Z')],
    ['600519.SH', '30m', Date.parse('2026-11-24T05:00:00Z')],
    ['BTCUSDT', '4h', Date.parse('2026-11-24T08:00:00Z')],
    ['EURUSD', '15m', Date.parse('2026-11-24T09:15:00Z')],
    ['AU2612', '5m', Date.parse('2026-11-24T01:05:00Z')],
  ])('%s %s candles are exactly their minutes', async (symbol, interval, time) => {
    const [candle] = await klines(sim, `symbol=${symbol}&interval=${interval}&start_time=${time}&limit=1`);
    expect(candle?.time).toBe(time);
    const span = { '1h': 60, '30m': 30, '4h': 240, '15m': 15, '5m': 5 }[interval] ?? 1;
    const minutes = await klines(sim, `symbol=${symbol}&interval=1m&start_time=${time}&end_time=${time + span * 60_000 - 1}&limit=1000`);
    expect(minutes.length).toBe(span);
    expectAggregateOf(candle, minutes);
  });

  it('a US daily candle is its 390 regular-session minutes', async () => {
    const dayStart = Date.parse('2026-11-24T05:00:00Z'); // midnight New York
    const [daily] = await klines(sim, `symbol=AAPL.US&interval=1d&start_time=${dayStart}&limit=1`);
    expect(daily?.time).toBe(dayStart);
    const minutes = await klines(sim, `symbol=AAPL.US&interval=1m&start_time=${dayStart}&end_time=${dayStart + 86_400_000 - 1}&limit=1000`);
    expect(minutes.length).toBe(390);
    expect(minutes[0]?.time).toBe(Date.parse('2026-11-24T14:30:00Z'));
    expectAggregateOf(daily, minutes);
  });

  it('an HK daily candle skips the lunch break, a weekly candle is its days', async () => {
    const minutes = await klines(
      sim,
      `symbol=700.HK&interval=1m&start_time=${Date.parse('2026-11-23T00:00:00Z')}&end_time=${Date.parse('2026-11-23T12:00:00Z')}&limit=1000`,
    );
    expect(minutes.length).toBe(330);
    const hkHours = minutes.map((m) => new Date(m.time + 8 * 3_600_000).toISOString().slice(11, 16));
    expect(hkHours.some((hhmm) => hhmm >= '12:00' && hhmm < '13:00')).toBe(false);
    const weekStart = Date.parse('2026-11-15T16:00:00Z'); // Monday 16 Nov 00:00 HK
    const [week] = await klines(sim, `symbol=700.HK&interval=1w&start_time=${weekStart}&limit=1`);
    const days = await klines(sim, `symbol=700.HK&interval=1d&start_time=${weekStart}&end_time=${weekStart + 7 * 86_400_000 - 1}&limit=10`);
    expect(week?.time).toBe(weekStart);
    expect(days.length).toBe(5);
    expectAggregateOf(week, days);
  });

  it('futures candles carry open interest and no quote volume', async () => {
    const [candle] = await klines(sim, 'symbol=AU2612&interval=1h&limit=1');
    expect(candle?.open_interest).toMatch(/^\d+$/);
    expect(candle?.quote_volume).toBeUndefined();
  });
});

describe('determinism and random access', () => {
  it('gives identical bytes for a completed window from another instance at a later clock', async () => {
    const path = `/v1/market/kline?symbol=NVDA.US&interval=5m&end_time=${Date.parse('2026-11-20T20:00:00Z')}&limit=300`;
    const later = frozenSimulator('2026-11-26T03:00:00Z');
    const a = await sim.app.request(path, { headers: { 'X-API-Key': 'demo-enterprise' } });
    const b = await later.app.request(path, { headers: { 'X-API-Key': 'demo-enterprise' } });
    expect(await a.text()).toBe(await b.text());
  });

  it('reaches years back without walking from the start', async () => {
    const old = await klines(sim, `symbol=BTCUSDT&interval=1m&end_time=${Date.parse('2019-03-01T00:00:00Z')}&limit=5`);
    expect(old).toHaveLength(5);
    expect(Number(old[0]?.close)).toBeGreaterThan(0);
  });

  it('never returns the forming period in history', async () => {
    const now = Date.parse(NOW);
    const recent = await klines(sim, 'symbol=AAPL.US&interval=1h&limit=3');
    for (const candle of recent) expect(candle.time + 3_600_000).toBeLessThanOrEqual(now);
    const latest = await getJson<{ data: { klines: KlineJson[] }[] }>(sim, '/v1/market/kline/latest?symbols=AAPL.US&interval=1h');
    const forming = latest.body.data[0]?.klines[0];
    expect(forming?.time).toBe(Date.parse('2026-11-25T19:30:00Z'));
  });
});
