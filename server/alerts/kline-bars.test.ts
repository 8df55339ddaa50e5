/**
 * The indicator alerts' bars as production reads them (kline-bars.ts), from the embedded
 * simulator's `/v1/market/kline`: the newest completed bars, oldest first, adjusted as the chart
 * opens the symbol; 3m folded from 1m, complete buckets only; an error answer an error.
 */
import { describe, expect, it } from 'vitest';
import { aggregateCandles } from '#shared/candle.ts';
import { frozenSimulator, klines } from '../sim/test-support.ts';
import { candlesOfAnswer, klineBarLoader, type AskV1 } from './kline-bars.ts';

const NOW = Date.parse('2026-03-04T10:17:30Z');
const MINUTE_MS = 60_000;

function simulated() {
  const sim = frozenSimulator(new Date(NOW).toISOString());
  const targets: string[] = [];
  const ask: AskV1 = async (target) => {
    targets.push(target);
    return sim.app.request(target, { headers: { 'X-API-Key': 'demo-enterprise' } });
  };
  return { sim, targets, loadBars: klineBarLoader(ask) };
}

/** The simulator's own answer to `query`, as numbers. */
async function answered(sim: ReturnType<typeof frozenSimulator>, query: string) {
  return candlesOfAnswer(200, JSON.stringify({ code: 0, data: { klines: await klines(sim, query) } }));
}

describe('klineBarLoader', () => {
  it('reads the newest completed bars, oldest first; a stock forward-adjusted as the chart opens it, other products as they are', async () => {
    const { sim, targets, loadBars } = simulated();
    const stock = await loadBars('AAPL.US', 'stock', '1d', 30);
    const crypto = await loadBars('BTCUSDT', 'crypto', '1h', 5);
    expect(targets).toEqual([
      '/v1/market/kline?symbol=AAPL.US&interval=1d&limit=30&type=stock&adjust=forward',
      '/v1/market/kline?symbol=BTCUSDT&interval=1h&limit=5&type=crypto',
    ]);
    expect(crypto).toEqual(await answered(sim, 'symbol=BTCUSDT&interval=1h&limit=5&type=crypto'));
    expect(crypto.map((bar) => bar.time)).toEqual([5, 4, 3, 2, 1].map((back) => Math.floor(NOW / 3_600_000) * 3_600_000 - back * 3_600_000));
    expect(stock.length).toBeGreaterThan(15);
    expect(stock.every((bar, index) => index === 0 || bar.time > (stock[index - 1]?.time ?? Infinity))).toBe(true);
  });

  it('folds 3m from 1m (the endpoint has no 3m history): complete buckets only', async () => {
    const { sim, targets, loadBars } = simulated();
    const bars = await loadBars('BTCUSDT', 'crypto', '3m', 10);
    // One bucket more than asked, whose oldest the window may cut.
    expect(targets).toEqual(['/v1/market/kline?symbol=BTCUSDT&interval=1m&limit=33&type=crypto']);
    const minutes = await answered(sim, 'symbol=BTCUSDT&interval=1m&limit=33&type=crypto');
    // 10:15's bucket still lacks 10:17, and 09:42's lacks the minutes before the window.
    expect(bars.map((bar) => new Date(bar.time).toISOString().slice(11, 16))).toEqual([
      '09:45',
      '09:48',
      '09:51',
      '09:54',
      '09:57',
      '10:00',
      '10:03',
      '10:06',
      '10:09',
      '10:12',
    ]);
    expect(bars).toEqual(aggregateCandles(minutes, 3 * MINUTE_MS).filter((bar) => bars.some((kept) => kept.time === bar.time)));
  });

  it('fails with the answer’s code and message', async () => {
    const { loadBars } = simulated();
    await expect(loadBars('NOPE.US', 'stock', '1h', 5)).rejects.toThrow(/^\d+ /);
    expect(() => candlesOfAnswer(502, '<html>')).toThrow('HTTP 502, not JSON');
  });
});
