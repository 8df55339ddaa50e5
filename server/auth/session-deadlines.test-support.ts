/**
 * The deadlines every session store keeps, walked on a store made with a lifetime of 60 s and an
 * idle window of 10 s: an unused session ends at its idle deadline (and its listener hears it),
 * a busy one at its lifetime however busy. Shared by the memory and the database stores' tests.
 */
import { expect } from 'vitest';
import type { SessionStore } from './sessions.ts';

export async function expectDeadlinesKept(store: SessionStore, advance: (ms: number) => void): Promise<void> {
  const idle = await store.create('bob');
  const ended: string[] = [];
  store.onEnd(idle, () => ended.push('idle'));
  for (const step of [9_000, 9_000]) {
    advance(step);
    expect((await store.get(idle))?.user).toBe('bob');
  }
  advance(10_000);
  expect(await store.get(idle)).toBeUndefined();
  expect(ended).toEqual(['idle']);

  const busy = await store.create('bob');
  for (let i = 0; i < 6; i += 1) {
    advance(9_000);
    expect(await store.get(busy)).toBeDefined();
  }
  advance(9_000);
  expect(await store.get(busy)).toBeUndefined();
}
