import { describe, expect, it } from 'vitest';
import { KeyBudget } from './key-budget.ts';

describe('KeyBudget', () => {
  it('never lets more than the budget through in any 60 s, across what a fixed window calls its edge', async () => {
    let now = 0;
    const budget = new KeyBudget({ perMinute: 10, maxWaitMs: 0, now: () => now });
    const starts: number[] = [];
    for (const at of [0, 30_000, 59_900, 60_001, 60_050, 90_000, 119_990, 120_100]) {
      now = at;
      for (let i = 0; i < 20; i += 1) if ((await budget.admit()).ok) starts.push(at);
    }
    for (const start of starts) expect(starts.filter((other) => other >= start && other < start + 60_000).length).toBeLessThanOrEqual(10);
    expect(starts.length).toBe(30);
  });

  it('answers when to retry, waits a short turn, and pauses the whole key', async () => {
    let now = 0;
    const budget = new KeyBudget({ perMinute: 2, maxWaitMs: 0, now: () => now });
    await budget.admit();
    await budget.admit();
    expect(await budget.admit()).toEqual({ ok: false, retryAfterSeconds: 60 });
    expect(budget.left()).toBe(0);
    expect(budget.lastMinute()).toBe(2);
    now = 60_000;
    expect(budget.left()).toBe(2);
    budget.pause(5);
    expect(await budget.admit()).toEqual({ ok: false, retryAfterSeconds: 5 });
    now = 65_000;
    expect((await budget.admit()).ok).toBe(true);

    const waiting = new KeyBudget({ maxWaitMs: 1_000 });
    waiting.pause(0.2);
    const started = performance.now();
    expect((await waiting.admit()).ok).toBe(true);
    expect(performance.now() - started).toBeGreaterThanOrEqual(150);
  });
});
