/**
 * The key budget shared through a real Redis: two instances' budgets together never admit more
 * than the limit in 60 s, an upstream 3001 seen by one pauses the other, and without Redis each
 * instance admits only its share of the limit.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../realtime/test-support.ts';
import { startTestRedis, type TestRedis } from '../test-support/redis-server.ts';
import { RedisBudget } from './redis-budget.ts';
import { RedisLink } from './redis-link.ts';

describe('RedisBudget', () => {
  let redis: TestRedis;
  const links: RedisLink[] = [];
  const budgets: RedisBudget[] = [];
  const budget = async (perMinute: number, instances = 1, maxWaitMs?: number): Promise<{ link: RedisLink; budget: RedisBudget }> => {
    const link = new RedisLink({ url: redis.url });
    links.push(link);
    expect(await link.ready()).toBe(true);
    const made = new RedisBudget({ link, perMinute, instances: () => instances, ...(maxWaitMs !== undefined && { maxWaitMs }) });
    budgets.push(made);
    return { link, budget: made };
  };

  beforeAll(async () => {
    redis = await startTestRedis();
  });
  afterEach(async () => {
    for (const made of budgets.splice(0)) made.close();
    for (const link of links.splice(0)) await link.close();
    await redis.stop();
    await redis.restart();
  });
  afterAll(async () => {
    await redis.stop();
  });

  it('admits at most the limit across instances, then says when to retry (the oldest start plus 60 s)', async () => {
    const [a, b] = [await budget(6), await budget(6)];
    const admissions = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? a : b).budget.admit()));
    expect(admissions.filter((admission) => admission.ok)).toHaveLength(6);
    for (const admission of admissions) if ('retryAfterSeconds' in admission) expect(admission.retryAfterSeconds).toBeGreaterThanOrEqual(59);
    expect(admissions.filter((admission) => 'retryAfterSeconds' in admission)).toHaveLength(14);
    await b.budget.status();
    expect([b.budget.lastMinute(), b.budget.left()]).toEqual([6, 0]);
  });

  it('pauses every instance when one of them meets the upstream’s 3001', async () => {
    const [a, b] = [await budget(100), await budget(100)];
    a.budget.pause(30);
    // The pause goes to Redis in the background: B reads it there.
    for (let tries = 0; tries < 100; tries += 1) {
      await b.budget.status();
      if (b.budget.pausedForMs() > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const refused = await b.budget.admit();
    expect(refused).toMatchObject({ ok: false });
    expect('retryAfterSeconds' in refused ? refused.retryAfterSeconds : 0).toBeGreaterThanOrEqual(29);
    await b.budget.status();
    expect(b.budget.pausedForMs()).toBeGreaterThan(28_000);
  });

  it('holds the key for every instance when one of them meets the upstream’s 3002, and still while Redis is away', async () => {
    const [a, b] = [await budget(100), await budget(100)];
    expect(await b.budget.admit()).toEqual({ ok: true });
    a.budget.holdQuota(30_000);
    // The hold goes to Redis in the background: B reads it there.
    for (let tries = 0; tries < 100 && b.budget.quotaHeldForMs() === 0; tries += 1) {
      await b.budget.status();
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(await b.budget.admit()).toEqual({ ok: false, quotaExhausted: true });
    expect(b.budget.quotaHeldForMs()).toBeGreaterThan(28_000);
    await redis.stop();
    await eventually(() => !b.link.up, 5_000, 'Redis gone');
    expect(await b.budget.admit()).toEqual({ ok: false, quotaExhausted: true });
  });

  it('admits only its share of the limit while Redis is away', async () => {
    const { link, budget: alone } = await budget(6, 3);
    await redis.stop();
    await eventually(() => !link.up, 5_000, 'Redis gone');
    const admissions = await Promise.all(Array.from({ length: 5 }, () => alone.admit()));
    expect(admissions.filter((admission) => admission.ok)).toHaveLength(2);
  });

  it('bounds a request’s whole wait: pauses that keep being lengthened refuse it instead of holding it for ever', async () => {
    const [a, b] = [await budget(100, 1, 1_000), await budget(100, 1, 1_000)];
    a.budget.pause(0.5);
    // The pause goes to Redis in the background: B reads it there.
    for (let tries = 0; tries < 100 && b.budget.pausedForMs() === 0; tries += 1) {
      await b.budget.status();
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    let outcome: Awaited<ReturnType<RedisBudget['admit']>> | undefined;
    const asked = b.budget.admit().then((admission) => (outcome = admission));
    // Each wait alone is short (at most 0.5 s), but the pause never lapses while A keeps meeting 3001s.
    for (let round = 0; round < 12 && outcome === undefined; round += 1) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      a.budget.pause(0.5);
    }
    await asked;
    expect(outcome).toMatchObject({ ok: false });
    expect(outcome && 'retryAfterSeconds' in outcome ? outcome.retryAfterSeconds : 0).toBeGreaterThanOrEqual(1);
  });
});
