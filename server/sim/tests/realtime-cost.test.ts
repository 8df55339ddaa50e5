/**
 * The push round's cost: one timer computes each subscribed topic once per interval, whatever the
 * number of connections. Measured in CPU time (not wall-clock) and logged; the bound is loose.
 */
import { describe, expect, it } from 'vitest';
import { allInstruments } from '../catalog/catalog.ts';
import { FakeClient, realtimeSimulator } from './realtime-support.ts';

const ROUNDS = 60;

function cpuMsPerRound(iso: string): { ms: number; frames: number } {
  const sim = realtimeSimulator(iso);
  const all = allInstruments();
  const hk = all
    .filter((i) => i.market === 'HK' && i.type === 'stock')
    .slice(0, 200)
    .map((i) => i.symbol);
  const others = all
    .filter((i) => i.market !== 'HK')
    .slice(0, 100)
    .map((i) => i.symbol);
  const book = [...hk.slice(0, 10), 'AAPL.US', 'BTCUSDT'];
  const clients = [0, 1, 2].map(() => new FakeClient(sim));
  for (const client of clients) {
    client.subscribe('ticker', [...hk, ...others]);
    client.subscribe('depth', book);
    client.subscribe('trade', book);
    client.take();
  }
  const start = Date.parse(iso);
  const round = (i: number): void => {
    sim.clock.set({ now: start + i * 1_000 });
    sim.realtime.pushNow();
  };
  for (let i = 1; i <= 5; i++) round(i); // warm-up
  const before = process.cpuUsage();
  for (let i = 6; i < 6 + ROUNDS; i++) round(i);
  const used = process.cpuUsage(before);
  const frames = clients.reduce((sum, client) => sum + client.take().length, 0);
  sim.realtime.dropAll();
  return { ms: (used.user + used.system) / 1_000 / ROUNDS, frames };
}

describe('push round cost', () => {
  it.each([
    ['HK and CN trading', '2026-11-25T02:45:00Z'],
    ['US trading, HK shut', '2026-11-25T15:00:00Z'],
  ])('300 tickers + 12 books + 12 tapes on 3 connections, %s', (_name, iso) => {
    const { ms, frames } = cpuMsPerRound(iso);
    console.log(`realtime push round (${iso}): ${ms.toFixed(2)} ms CPU, ${(frames / ROUNDS).toFixed(0)} frames per round`);
    expect(frames).toBeGreaterThan(0);
    expect(ms).toBeLessThan(100);
  });
});
