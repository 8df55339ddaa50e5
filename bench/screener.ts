/**
 * The screener (issue 36) on the embedded simulator, whole markets at real size (about 5,000 US
 * stocks): the server's app in process, its screener route and universes.
 * - warm-up from cold: the upstream requests it takes and its wall time;
 * - a full-market screen with three technical conditions (RSI, price against MA(200), a MACD
 *   cross), warm: the server's time per screen, p50 and p95 (the evaluation `tookMs`, and the
 *   route's whole answer in process), the quotes moving between screens as the refresh moves them;
 * - upstream requests per minute once warm, while screened (the quote refreshes).
 * SCREENER_BENCH_MARKETS (default `US`) lists the markets to warm, e.g. `US,HK,CN`. The US and A-share
 * universes are at real size unless SIM_UNIVERSE says `majors` (server/sim/catalog/universe-setting.ts).
 * `npx tsx bench/screener.ts` runs this group alone.
 */
import type { Market } from '#shared/contract.ts';
import type { Screen } from '#shared/screener/screen-model.ts';
import { SCREENER_PATH, type ScreenAnswer } from '#shared/screener/screener-protocol.ts';
import { createApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { percentile, summarize, type Figure } from './figure.ts';

const GROUP = 'screener (whole markets, simulator)';
/** A Wednesday, 10:30 New York, 23:30 Hong Kong and Shanghai (their day complete). */
const SIM_NOW = '2026-11-25T15:30:00Z';
const SCREENS = 60;
/** Quote refreshes: one every REFRESH_MS of simulated and wall time while screened. */
const REFRESH_MS = 5_000;

function technicalScreen(market: Market): Screen {
  return {
    version: 1,
    universe: { market, type: 'stock' },
    where: {
      kind: 'group',
      join: 'and',
      conditions: [
        { kind: 'rsi', period: 14, op: 'above', value: 50 },
        { kind: 'price-ma', period: 200, op: 'above' },
        { kind: 'macd-cross', fast: 12, slow: 26, signal: 9, direction: 'up', within: 10 },
      ],
    },
    sort: { column: 'change-percent', direction: 'desc' },
    limit: 100,
  };
}

export async function screenerFigures(): Promise<Figure[]> {
  const markets = (process.env.SCREENER_BENCH_MARKETS ?? 'US').split(',').map((market) => market.trim().toUpperCase() as Market);
  const chartroom = createApp(loadConfig({ SIM_NOW, SIM_CLOCK: 'frozen', CLIENT_RATE_LIMIT: '0' }, { port: 0 }));
  const simulator = chartroom.simulator;
  if (!simulator) throw new Error('simulator mode');
  const post = async (screen: Screen): Promise<ScreenAnswer> => {
    const response = await chartroom.app.request(SCREENER_PATH, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ screen, spark: 20 }),
    });
    return (await response.json()) as ScreenAnswer;
  };
  const figures: Figure[] = [];
  try {
    // The catalogue first (the batched-ticker markets read their symbols from it).
    await chartroom.catalog.document();
    for (const market of markets) {
      const screen = technicalScreen(market);
      const universe = chartroom.screener.universe(screen.universe);
      const started = performance.now();
      const first = await post(screen);
      let lastLog = started;
      const tick = setInterval(() => {
        const progress = universe.progress();
        if (performance.now() - lastLog > 30_000) {
          lastLog = performance.now();
          console.log(
            `  ${market}: ${String(progress.ready)}/${String(progress.total)} ready, ${String(progress.requests)} requests, ${((performance.now() - started) / 1000).toFixed(0)} s`,
          );
        }
      }, 1_000);
      await universe.whenWarm();
      clearInterval(tick);
      const warmSeconds = (performance.now() - started) / 1000;
      const warm = universe.progress();
      // Warm screens, the quotes moving between them (a refresh every fifth screen, a simulated minute on).
      const tookMs: number[] = [];
      const routeMs: number[] = [];
      let matched = 0;
      for (let i = 0; i < SCREENS; i++) {
        if (i % 5 === 0) {
          simulator.clock.set({ now: Date.parse(SIM_NOW) + (i / 5 + 1) * 60_000 });
          await universe.refresh();
        }
        const t0 = performance.now();
        const answer = await post(screen);
        routeMs.push(performance.now() - t0);
        tookMs.push(answer.tookMs);
        matched = answer.matched;
      }
      // Once warm and screened: the refresh timer's requests over a wall minute, the screen asked every 5 s.
      simulator.clock.set({ now: Date.parse(SIM_NOW) + 30 * 60_000 });
      const before = universe.requests;
      const minuteStarted = performance.now();
      while (performance.now() - minuteStarted < 60_000) {
        await post(screen);
        await new Promise((resolve) => setTimeout(resolve, REFRESH_MS));
      }
      const perMinute = ((universe.requests - before) * 60_000) / (performance.now() - minuteStarted);
      universe.stop();
      const label = `${market} stocks, ${String(warm.total)} symbols`;
      figures.push(
        {
          group: GROUP,
          name: `${label}: upstream requests to warm from cold`,
          value: warm.requests,
          unit: 'requests',
          decimals: 0,
          details: [
            `warm in ${warmSeconds.toFixed(1)} s on the simulator (first answer: ${first.state}, ${String(first.warmUp.ready)}/${String(first.warmUp.total)})`,
          ],
        },
        {
          group: GROUP,
          name: `${label}: warm-up wall time`,
          value: warmSeconds,
          unit: 's',
          decimals: 1,
          target: '≤ 60 s',
          pass: warmSeconds <= 60,
        },
        {
          group: GROUP,
          name: `${label}: screen, 3 technical conditions, server time p50`,
          value: percentile(tookMs, 50),
          unit: 'ms',
          decimals: 1,
          samples: { evaluation: summarize(tookMs), route: summarize(routeMs) },
          details: [
            `${String(matched)} matched; whole route in process p50 ${percentile(routeMs, 50).toFixed(1)} ms, p95 ${percentile(routeMs, 95).toFixed(1)} ms`,
          ],
        },
        {
          group: GROUP,
          name: `${label}: screen, 3 technical conditions, server time p95`,
          value: percentile(tookMs, 95),
          unit: 'ms',
          decimals: 1,
          target: '≤ 200 ms',
          pass: percentile(tookMs, 95) <= 200,
        },
        {
          group: GROUP,
          name: `${label}: upstream requests per minute once warm (screened)`,
          value: perMinute,
          unit: 'requests/min',
          decimals: 1,
        },
      );
    }
  } finally {
    chartroom.screener.stop();
  }
  return figures;
}

if (import.meta.url === `file://${process.argv[1] ?? ''}`) {
  const figures = await screenerFigures();
  for (const figure of figures) console.log(figure.name, figure.value.toFixed(figure.decimals ?? 2), figure.unit, figure.details?.join(' ') ?? '');
}
