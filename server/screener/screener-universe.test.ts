/**
 * The screener's universe against the real in-process simulator: the warm-up reaches ready and
 * counts its requests, its history requests stay within the bound, a plan without the
 * full-market ticker falls back to batched tickers, a moved quote moves the result, and the
 * answers equal the oracle's over the simulator's raw data.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { presetScreen, SCREEN_PRESETS } from '#shared/screener/screen-presets.ts';
import { evaluateScreen } from '#shared/screener/screen-evaluate.ts';
import type { Screen } from '#shared/screener/screen-model.ts';
import { frozenSimulator } from '../sim/test-support.ts';
import { ScreenerUniverse, type ScreenerAsk } from './screener-universe.ts';
import { fullMarket, rawUniverse, simulatorAsk } from './screener.test-support.ts';

// A Wednesday: HK closed for the day, US trading (10:00 New York).
const NOW = '2026-11-25T15:00:00Z';
const US = ['AAPL.US', 'MSFT.US', 'NVDA.US', 'TSLA.US', 'KO.US', 'JPM.US', 'INTC.US', 'BA.US', 'PFE.US', 'AMD.US', 'NIO.US', 'XOM.US'];

const started: ScreenerUniverse[] = [];
afterEach(() => {
  for (const universe of started.splice(0)) universe.stop();
});

/** An ask that records each path and the most history requests in flight at once. */
function counting(ask: ScreenerAsk): { ask: ScreenerAsk; paths: string[]; maxInFlight: () => number } {
  const paths: string[] = [];
  let inFlight = 0;
  let max = 0;
  return {
    paths,
    maxInFlight: () => max,
    ask: async (target, headers) => {
      paths.push(target.split('?')[0] ?? target);
      const history = target.startsWith('/v1/market/kline?');
      if (history) max = Math.max(max, ++inFlight);
      try {
        const response = await ask(target, headers);
        // Let other workers start while this one's answer is read.
        await new Promise((resolve) => setTimeout(resolve, 1));
        return response;
      } finally {
        if (history) inFlight--;
      }
    },
  };
}

function universeOf(options: ConstructorParameters<typeof ScreenerUniverse>[0]): ScreenerUniverse {
  const universe = new ScreenerUniverse(options);
  started.push(universe);
  return universe;
}

// Real-size full-market tickers (2,600 HK, 5,000 US stocks) are computed cold: slow on a busy machine.
describe('ScreenerUniverse', { timeout: 90_000 }, () => {
  it('warms a market from its full-market ticker, counts every request and keeps at most `concurrency` histories in flight', async () => {
    const sim = frozenSimulator(NOW);
    const feed = (await fullMarket(sim, '/v1/market/ticker/hk-stock')).filter((entry) => entry.type === 'stock').slice(0, 12);
    const symbols = new Set(feed.map((entry) => `${String(entry.symbol)}.HK`));
    const recorder = counting(simulatorAsk(sim));
    const universe = universeOf({
      universe: { market: 'HK', type: 'stock' },
      ask: recorder.ask,
      catalogSymbols: () => Promise.reject(new Error('the full-market ticker names the symbols')),
      filter: (symbol) => symbols.has(symbol),
      concurrency: 3,
    });
    expect(universe.progress()).toEqual({ total: 0, ready: 0, requests: 0 });
    universe.touch();
    await universe.whenWarm();
    expect(universe.isReady).toBe(true);
    expect(universe.progress()).toEqual({ total: 12, ready: 12, requests: 1 + 1 + 1 + 12 });
    expect(recorder.paths.filter((path) => path === '/v1/market/ticker/hk-stock')).toHaveLength(1);
    expect(recorder.paths.filter((path) => path === '/v1/market/stock-info')).toHaveLength(1);
    expect(recorder.paths.filter((path) => path === '/v1/market/kline/latest')).toHaveLength(1);
    expect(recorder.paths.filter((path) => path === '/v1/market/kline')).toHaveLength(12);
    expect(recorder.maxInFlight()).toBeGreaterThan(1);
    expect(recorder.maxInFlight()).toBeLessThanOrEqual(3);
    const screen = presetScreen('top-gainers', { market: 'HK', type: 'stock' });
    expect(evaluateScreen(screen, universe.symbols())).toEqual(evaluateScreen(screen, await rawUniverse(sim, [...symbols], 'stock')));
  });

  it('falls back to batched tickers of the catalogue’s symbols when the plan has no full-market ticker (1004)', async () => {
    const sim = frozenSimulator(NOW);
    const recorder = counting(simulatorAsk(sim, 'demo-pro'));
    const universe = universeOf({ universe: { market: 'US', type: 'stock' }, ask: recorder.ask, catalogSymbols: () => Promise.resolve(US) });
    universe.touch();
    await universe.whenWarm();
    expect(universe.progress()).toEqual({ total: US.length, ready: US.length, requests: 1 + 1 + 1 + 1 + US.length });
    expect(recorder.paths.slice(0, 4)).toEqual(['/v1/market/ticker/us-stock', '/v1/market/ticker', '/v1/market/stock-info', '/v1/market/kline/latest']);
    // Every US stock has a forming bar at 10:00 New York, and its information.
    for (const symbol of universe.symbols()) {
      expect(symbol.daily.length).toBeGreaterThan(200);
      expect(symbol.info?.total_shares).toBeGreaterThan(0);
    }
  });

  it('moves with the quotes: a refresh after the clock moved changes the rows, with no history asked again', async () => {
    const sim = frozenSimulator(NOW);
    const recorder = counting(simulatorAsk(sim));
    const universe = universeOf({
      universe: { market: 'US', type: 'stock' },
      ask: recorder.ask,
      catalogSymbols: () => Promise.resolve(US),
      filter: (s) => US.includes(s),
      // The refreshes here are the test’s own.
      refreshMs: 3_600_000,
    });
    universe.touch();
    await universe.whenWarm();
    const screen: Screen = { ...presetScreen('top-gainers', { market: 'US', type: 'stock' }), where: { kind: 'group', join: 'and', conditions: [] } };
    const before = evaluateScreen(screen, universe.symbols());
    const asOf = universe.asOf;
    const warmRequests = universe.requests;
    sim.clock.set({ now: Date.parse(NOW) + 45 * 60_000 });
    await universe.refresh();
    universe.stop();
    const after = evaluateScreen(screen, universe.symbols());
    expect(universe.asOf).toBeGreaterThan(asOf);
    expect(after.rows.map((row) => row.values)).not.toEqual(before.rows.map((row) => row.values));
    // One full-market request refreshed every quote; the warm-up's count did not move.
    expect(universe.requests).toBe(warmRequests + 1);
    expect(universe.progress().requests).toBe(warmRequests);
    expect(after).toEqual(evaluateScreen(screen, await rawUniverse(sim, US, 'stock')));
  });

  it('answers every preset as the oracle computes it from the simulator’s raw bars and quotes', async () => {
    const sim = frozenSimulator(NOW);
    const universe = universeOf({
      universe: { market: 'US', type: 'stock' },
      ask: simulatorAsk(sim),
      catalogSymbols: () => Promise.resolve(US),
      filter: (s) => US.includes(s),
    });
    universe.touch();
    await universe.whenWarm();
    const raw = await rawUniverse(sim, US, 'stock');
    for (const preset of SCREEN_PRESETS) {
      const screen = presetScreen(preset, { market: 'US', type: 'stock' });
      expect(evaluateScreen(screen, universe.symbols()), preset).toEqual(evaluateScreen(screen, raw));
    }
  });
});
