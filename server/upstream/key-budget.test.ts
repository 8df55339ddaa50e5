import { afterEach, describe, expect, it, vi } from 'vitest';
import { KeyBudget } from './key-budget.ts';

describe('KeyBudget', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

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

    vi.useFakeTimers({ now: 0 });
    const waiting = new KeyBudget({ maxWaitMs: 1_000 });
    waiting.pause(0.2);
    let admitted: boolean | undefined;
    void waiting.admit().then((admission) => (admitted = admission.ok));
    await vi.advanceTimersByTimeAsync(199);
    expect(admitted).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(admitted).toBe(true);
  });

  it('serves a waiting request before later ones, so that under contention it never waits past its bound', async () => {
    vi.useFakeTimers({ now: 0 });
    const budget = new KeyBudget({ perMinute: 60, maxWaitMs: 2_000 });
    const outcomes: { name: string; ok: boolean; at: number }[] = [];
    const ask = (name: string): void => {
      void budget.admit().then((admission) => {
        outcomes.push({ name, ok: admission.ok, at: Date.now() });
      });
    };
    // Newcomers from 60 s on, one a second, each arriving just as a start of the first minute leaves the log.
    for (let second = 60; second < 75; second += 1) {
      setTimeout(() => {
        ask(`newcomer at ${second} s`);
      }, second * 1_000);
    }
    // The first minute: one request a second fills the budget.
    for (let second = 0; second < 60; second += 1) {
      expect(await budget.admit()).toEqual({ ok: true });
      await vi.advanceTimersByTimeAsync(second < 59 ? 1_000 : 500);
    }
    // At 59.5 s: the next turn is at 60 s, within the 2 s this request may wait.
    ask('waiting');
    await vi.advanceTimersByTimeAsync(20_000);
    expect(outcomes[0]).toEqual({ name: 'waiting', ok: true, at: 60_000 });
    // The newcomers queue behind it, one turn a second, each within its own bound or refused.
    for (const { at, ok, name } of outcomes.slice(1)) if (ok) expect(at - Number(/\d+/.exec(name)?.[0]) * 1_000).toBeLessThanOrEqual(2_000);
  });

  it('refuses a waiting request at its bound when pauses keep being lengthened, rather than holding it for ever', async () => {
    vi.useFakeTimers({ now: 0 });
    const budget = new KeyBudget({ perMinute: 100, maxWaitMs: 2_000 });
    budget.pause(0.5);
    let outcome: Awaited<ReturnType<KeyBudget['admit']>> | undefined;
    void budget.admit().then((admission) => (outcome = admission));
    // Each pause alone is within the bound; together they never lapse.
    for (let round = 0; round < 40 && outcome === undefined; round += 1) {
      await vi.advanceTimersByTimeAsync(250);
      budget.pause(0.5);
    }
    expect(outcome).toMatchObject({ ok: false, retryAfterSeconds: 1 });
    expect(Date.now()).toBeLessThanOrEqual(2_000);
  });
});
