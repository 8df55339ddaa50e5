// The replay's ApiClient beyond the day oracle (replay-oracle.test.ts): what cannot be replayed
// answers empty, reference data passes through, prices are adjusted only by the actions known
// at the instant, a 24-hour market's day spans two pages of minutes, an index needs its venue
// named, aborts and events behave as the live client's, and a replay clock drives it.
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { fetchDepth } from '../../api/depth-endpoint';
import { fetchExFactors, fetchKlines, fetchLatestKlines } from '../../api/kline-endpoints';
import { fetchHkTickers, fetchTrades } from '../../api/quote-endpoints';
import { fetchTradeDays } from '../../api/reference-endpoints';
import { sessionCalendar } from '#shared/replay/session-calendar.ts';
import { startSimulator, type SimHandle } from '../../api/sim-fetch.test-support';
import { createTestClock } from '../../time/test-clock.test-support';
import { klines } from '../../../server/sim/test-support.ts';
import { manualTimers } from './manual-timers.test-support';
import { createReplayApi } from './replay-api';
import { createReplayClock } from './replay-clock';
import { countedSource } from './sim-record.test-support';

const SIM_NOW = '2026-11-25T22:00:00Z';
const hk = (local: string): number => Date.parse(`${local}+08:00`);

let sim: SimHandle;

beforeAll(() => {
  sim = startSimulator(SIM_NOW);
});

function replayAt(at: number, options: { venueOf?: Parameters<typeof createReplayApi>[0]['venueOf'] } = {}) {
  const source = countedSource(sim);
  const clock = createTestClock(at);
  const api = createReplayApi({ api: source.api, clock, sourceNow: () => sim.clock.now(), ...options });
  return { api, clock, calls: source.calls };
}

describe('the replay api', () => {
  it('answers depth, the trade tape and the whole HK market empty, in the contract’s shape, asking nothing', async () => {
    const at = hk('2026-11-24T10:00');
    const { api, calls } = replayAt(at);
    expect(await fetchDepth(api, { symbol: '700.HK' })).toEqual({ symbol: '700.HK', timestamp: at, bids: [], asks: [] });
    expect(await fetchTrades(api, { symbol: '700.HK', type: 'stock' })).toEqual({ symbol: '700.HK', type: 'stock', trades: [] });
    expect(await fetchHkTickers(api)).toEqual([]);
    expect(calls).toEqual([]);
  });

  it('passes reference data through to the source', async () => {
    const { api, calls } = replayAt(hk('2026-11-24T10:00'));
    const days = await fetchTradeDays(api, { market: 'HK', begDay: '20261101', endDay: '20261130' });
    expect(days.trade_days).toContain('20261124');
    expect(calls).toEqual(['/v1/market/trade-days?market=HK&beg_day=20261101&end_day=20261130']);
  });

  it('adjusts with the corporate actions known at the instant, never a later one', async () => {
    // AAPL goes ex-dividend (0.27) on 9 November 2026: a replay of the Friday before knows nothing of it.
    const friday = Date.parse('2026-11-06T21:00:00Z');
    const { api } = replayAt(friday);
    const factors = (await fetchExFactors(api, { symbols: ['AAPL.US'] }))['AAPL.US'] ?? [];
    expect(factors.length).toBeGreaterThan(0);
    expect(factors.every((factor) => factor.timestamp <= friday)).toBe(true);

    // Up to Thursday's bar: Friday's is the current one, the latest endpoint's.
    const thursday = Date.parse('2026-11-06T00:00:00-05:00') - 1;
    const replayed = (await fetchKlines(api, { symbol: 'AAPL.US', interval: '1d', limit: 20, endTime: friday, adjust: 'forward' })).klines;
    const raw = await klines(sim, `symbol=AAPL.US&interval=1d&limit=20&end_time=${String(thursday)}`);
    const liveForward = await klines(sim, `symbol=AAPL.US&interval=1d&limit=20&end_time=${String(thursday)}&adjust=forward`);
    expect(replayed).toEqual(raw);
    expect(liveForward[0]?.close).not.toBe(raw[0]?.close);

    // After the last action the replay's forward prices are the service's.
    const { api: later } = replayAt(Date.parse('2026-11-24T20:00:00Z'));
    const after = { symbol: 'AAPL.US', interval: '1d' as const, limit: 30, endTime: Date.parse('2026-11-24T00:00:00Z') };
    const forward = (await fetchKlines(later, { ...after, adjust: 'forward' })).klines;
    expect(forward).toEqual(await klines(sim, `symbol=AAPL.US&interval=1d&limit=30&end_time=${String(after.endTime)}&adjust=forward`));
  });

  it('folds a crypto day from two pages of minutes, equal to the simulator’s day once it is over', async () => {
    const { api, calls } = replayAt(Date.parse('2026-11-25T00:00:00Z'));
    const [series] = await fetchLatestKlines(api, { symbols: ['BTCUSDT'], interval: '1d', type: 'crypto' });
    const own = await klines(sim, `symbol=BTCUSDT&type=crypto&interval=1d&end_time=${String(Date.parse('2026-11-24T00:00:00Z'))}&limit=1`);
    expect(series?.klines).toEqual(own);
    expect(calls.filter((call) => call.includes('interval=1m'))).toHaveLength(2);
  });

  it('replays an index only when told its venue', async () => {
    const at = hk('2026-11-24T10:00');
    const unknown = replayAt(at);
    expect((await fetchLatestKlines(unknown.api, { symbols: ['HSI'], interval: '1h', type: 'indices' }))[0]?.klines).toEqual([]);
    const named = replayAt(at, { venueOf: ({ symbol }) => (symbol === 'HSI' ? 'HK' : undefined) });
    const [series] = await fetchLatestKlines(named.api, { symbols: ['HSI'], interval: '1h', type: 'indices' });
    expect(series?.klines[0]?.time).toBe(hk('2026-11-24T09:30'));
  });

  it('rejects an aborted request at once while the load it waits for goes on for others', async () => {
    const { api, calls } = replayAt(hk('2026-11-24T10:00'));
    const controller = new AbortController();
    const aborted = fetchLatestKlines(api, { symbols: ['700.HK'], interval: '1h' }, { signal: controller.signal });
    controller.abort();
    await expect(aborted).rejects.toThrow();
    const [series] = await fetchLatestKlines(api, { symbols: ['700.HK'], interval: '1h' });
    expect(series?.klines).toHaveLength(1);
    expect(calls.filter((call) => call.includes('interval=1m'))).toHaveLength(1);
  });

  it('tells its listeners of each answer, without the live data’s clock', async () => {
    const { api } = replayAt(hk('2026-11-24T10:00'));
    const heard = vi.fn();
    api.onSettled(heard);
    expect(api.hasSettled()).toBe(false);
    await fetchLatestKlines(api, { symbols: ['700.HK'], interval: '5m' });
    expect(heard).toHaveBeenCalledWith(expect.objectContaining({ path: '/v1/market/kline/latest', ok: true, status: 200 }));
    expect(heard.mock.calls[0]?.[0]).not.toHaveProperty('serverTime');
    expect(api.hasSettled()).toBe(true);
    expect(api.rateLimitedUntil()).toBeUndefined();
  });

  it('follows a replay clock: the forming hour grows minute by minute, then the next opens after lunch', async () => {
    const timers = manualTimers();
    const clock = createReplayClock({
      start: hk('2026-11-24T11:30'),
      calendar: sessionCalendar('HK'),
      timers,
      speed: { kind: 'bars', interval: '1m', perSecond: 10 },
    });
    const api = createReplayApi({ api: countedSource(sim).api, clock, sourceNow: () => sim.clock.now() });
    const hours: { time: number; volume: string }[] = [];
    clock.play();
    for (let i = 0; i < 32; i++) {
      timers.advance(100);
      const [series] = await fetchLatestKlines(api, { symbols: ['700.HK'], interval: '1h' });
      const bar = series?.klines[0];
      if (bar) hours.push({ time: bar.time, volume: bar.volume });
    }
    expect(clock.now()).toBe(hk('2026-11-24T13:02'));
    const morning = hours.filter((hour) => hour.time === hk('2026-11-24T11:30'));
    expect(morning).toHaveLength(30);
    expect(new Set(morning.map((hour) => hour.volume)).size).toBe(30);
    expect(hours.at(-1)?.time).toBe(hk('2026-11-24T13:00'));
  });
});
