// The data's clock: the browser's plus the server's offset, with jumps its listeners hear.
import { describe, expect, it, vi } from 'vitest';
import type { RequestListener } from '../api/client';
import { followServerClock } from '../api/server-clock';
import { createServerClock, JUMP_MS } from './server-clock';
import { createTestClock } from './test-clock.test-support';

const BROWSER = Date.parse('2026-11-29T08:00:00Z');
const SERVER = Date.parse('2026-11-25T15:00:00Z');

describe('the server clock', () => {
  it('reads the browser’s clock until told, then the browser’s plus the server’s offset', () => {
    const browser = createTestClock(BROWSER);
    const clock = createServerClock(() => browser.now());
    expect(clock.known()).toBe(false);
    expect(clock.now()).toBe(BROWSER);

    clock.note(SERVER, BROWSER);
    expect(clock.known()).toBe(true);
    expect(clock.now()).toBe(SERVER);
    browser.advance(1_500);
    expect(clock.now()).toBe(SERVER + 1_500);
  });

  it('tells its listeners of a jump, not of a latency’s correction, until they unsubscribe', () => {
    const clock = createServerClock(() => BROWSER);
    const heard = vi.fn();
    const unsubscribe = clock.subscribe(heard);
    clock.note(SERVER, BROWSER);
    expect(heard).toHaveBeenCalledTimes(1);
    // An answer that took a while: the offset moves by less than a jump.
    clock.note(SERVER + 2_000, BROWSER + 2_000 - (JUMP_MS - 1));
    expect(heard).toHaveBeenCalledTimes(1);
    expect(clock.now()).toBe(SERVER + JUMP_MS - 1);
    // The simulator's clock was moved on an hour.
    clock.note(SERVER + 3_600_000, BROWSER);
    expect(heard).toHaveBeenCalledTimes(2);
    unsubscribe();
    clock.note(SERVER, BROWSER);
    expect(heard).toHaveBeenCalledTimes(2);
  });

  it('follows the API answers that carry the server’s clock', () => {
    const listeners = new Set<RequestListener>();
    const api = {
      onSettled: (listener: RequestListener) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    };
    const clock = createServerClock(() => BROWSER);
    const unfollow = followServerClock(api, clock);
    const settle = (serverTime?: number) => {
      for (const listener of listeners)
        listener({ path: '/v1/market/ticker', ok: true, status: 200, latencyMs: 5, at: BROWSER, ...(serverTime !== undefined && { serverTime }) });
    };
    settle();
    expect(clock.known()).toBe(false);
    settle(SERVER);
    expect(clock.now()).toBe(SERVER);
    unfollow();
    settle(SERVER + 3_600_000);
    expect(clock.now()).toBe(SERVER);
  });
});
