/** The same 100k one-minute bars on every run: a seeded random walk (mulberry32). */
import type { Candle } from '#shared/candle.ts';

const MINUTE_MS = 60_000;
const START_MS = Date.UTC(2026, 0, 5);

function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const cents = (value: number) => Math.round(value * 100) / 100;

export function deterministicBars(count: number, seed = 6): Candle[] {
  const random = mulberry32(seed);
  const bars: Candle[] = [];
  let close = 100;
  for (let i = 0; i < count; i++) {
    const open = close;
    close = cents(Math.max(1, open + (random() - 0.5) * 0.4));
    bars.push({
      time: START_MS + i * MINUTE_MS,
      open,
      high: cents(Math.max(open, close) + random() * 0.2),
      low: cents(Math.max(0.5, Math.min(open, close) - random() * 0.2)),
      close,
      volume: Math.round(1_000 + random() * 9_000),
    });
  }
  return bars;
}

/** Live updates after the last bar: the forming bar moves, and every tenth update a new bar opens. */
export function liveUpdates(last: Candle, count: number, seed = 7): Candle[] {
  const random = mulberry32(seed);
  const updates: Candle[] = [];
  let bar = last;
  for (let i = 0; i < count; i++) {
    if (i % 10 === 9) {
      bar = { time: bar.time + MINUTE_MS, open: bar.close, high: bar.close, low: bar.close, close: bar.close, volume: 0 };
    }
    const close = cents(Math.max(1, bar.close + (random() - 0.5) * 0.1));
    bar = { ...bar, close, high: Math.max(bar.high, close), low: Math.min(bar.low, close), volume: bar.volume + 10 };
    updates.push(bar);
  }
  return updates;
}
