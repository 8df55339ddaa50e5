/**
 * Fair shares of the key (issue 20): one user's script hammering the server beside nine users at
 * a normal pace, over loopback HTTP, through a Chartroom server in upstream mode behind a sign-in
 * proxy (AUTH_MODE=proxy, the user header from loopback), in front of the standalone simulator.
 * Each user may spend USER_SHARE (10 %) of MARKET_API_RATE_LIMIT (600 a minute): 60 a minute.
 * Reports the nine's 3001 answers (target 0) and the hammerer's. Bounded: RUN_MS and MAX_HAMMER
 * requests. `npx tsx bench/fair-share.ts` runs this group alone.
 */
import { startChartroom, startStandaloneSimulator } from '../server/realtime/test-support.ts';
import type { Figure } from './figure.ts';

const KEY = 'demo-enterprise';
const RUN_MS = 10_000;
/** The nine ask every 2 s each (30 a minute, half their share), as a page's polling does. */
const NORMAL_EVERY_MS = 2_000;
const HAMMER_LOOPS = 8;
const MAX_HAMMER = 5_000;
const USER_HEADER = 'X-Forwarded-Email';
const TICKERS = ['AAPL.US', 'MSFT.US', '700.HK', 'BTCUSDT'];

interface Tally {
  ok: number;
  rateLimited: number;
  other: number;
}

export async function fairShareFigures(): Promise<Figure[]> {
  const sim = await startStandaloneSimulator();
  const server = await startChartroom({
    MARKET_API_KEY: KEY,
    MARKET_API_BASE_URL: `http://127.0.0.1:${sim.port}`,
    CLIENT_RATE_LIMIT: '0',
    AUTH_MODE: 'proxy',
    TRUST_PROXY: '1',
    MARKET_API_RATE_LIMIT: '600',
    USER_SHARE: '0.1',
  });
  const base = `http://127.0.0.1:${server.port}`;
  const tallies = new Map<string, Tally>();
  const ask = async (user: string, i: number): Promise<void> => {
    const tally = tallies.get(user) ?? { ok: 0, rateLimited: 0, other: 0 };
    tallies.set(user, tally);
    try {
      const response = await fetch(`${base}/v1/market/ticker?symbols=${TICKERS[i % TICKERS.length] ?? 'AAPL.US'}`, { headers: { [USER_HEADER]: user } });
      const body = (await response.json()) as { code?: number };
      if (response.status === 200) tally.ok += 1;
      else if (body.code === 3001) tally.rateLimited += 1;
      else tally.other += 1;
    } catch {
      tally.other += 1;
    }
  };
  const normal = Array.from({ length: 9 }, (_, i) => `trader${i}@desk.example`);
  const hammerer = 'script@desk.example';
  const started = performance.now();
  const until = started + RUN_MS;
  let hammered = 0;
  try {
    const normalLoops = normal.map(async (user, u) => {
      // Spread over the period, as independent pages would be.
      await new Promise((resolve) => setTimeout(resolve, (u * NORMAL_EVERY_MS) / normal.length));
      for (let i = 0; performance.now() < until; i += 1) {
        const next = performance.now() + NORMAL_EVERY_MS;
        await ask(user, i);
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - performance.now())));
      }
    });
    const hammerLoops = Array.from({ length: HAMMER_LOOPS }, async () => {
      while (performance.now() < until && hammered < MAX_HAMMER) {
        hammered += 1;
        await ask(hammerer, hammered);
      }
    });
    await Promise.all([...normalLoops, ...hammerLoops]);
  } finally {
    await server.stop();
    await sim.stop();
  }
  const seconds = (performance.now() - started) / 1000;
  const nine = normal.map((user) => tallies.get(user) ?? { ok: 0, rateLimited: 0, other: 0 });
  const nineRateLimited = nine.reduce((sum, tally) => sum + tally.rateLimited, 0);
  const nineOk = nine.reduce((sum, tally) => sum + tally.ok, 0);
  const nineOther = nine.reduce((sum, tally) => sum + tally.other, 0);
  const hammer = tallies.get(hammerer) ?? { ok: 0, rateLimited: 0, other: 0 };
  const group = 'fair shares of the key (issue 20)';
  return [
    {
      group,
      name: 'nine normal users: 3001 answers',
      value: nineRateLimited,
      unit: `(of ${nineOk + nineRateLimited + nineOther} requests, ${nineOther} other failures)`,
      decimals: 0,
      target: '0',
      pass: nineRateLimited === 0 && nineOther === 0,
    },
    {
      group,
      name: 'one hammering user: 3001 answers',
      value: hammer.rateLimited,
      unit: `of ${hammered} requests in ${seconds.toFixed(1)} s (${hammer.ok} let through: share 60/min, burst 60)`,
      decimals: 0,
      target: '> 0, let through ≤ 60 + 1/s',
      pass: hammer.rateLimited > 0 && hammer.ok <= 60 + Math.ceil(seconds) + 1,
    },
  ];
}

if (import.meta.url === `file://${process.argv[1] ?? ''}`) {
  for (const figure of await fairShareFigures()) {
    const verdict = figure.pass === undefined ? '' : `  [${figure.target ?? ''} ${figure.pass ? 'ok' : 'MISSED'}]`;
    console.log(`${figure.name}: ${figure.value.toFixed(figure.decimals ?? 2)} ${figure.unit}${verdict}`);
  }
  process.exit(0);
}
