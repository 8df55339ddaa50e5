// The test clock stands still and moves only when set or stepped; each move is a jump.
import { describe, expect, it, vi } from 'vitest';
import { createTestClock } from './test-clock.test-support';

const START = Date.parse('2026-11-27T21:00:00Z');

describe('the test clock', () => {
  it('stands still, steps, and is set', async () => {
    const clock = createTestClock(START);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(clock.now()).toBe(START);
    clock.advance(60_000);
    expect(clock.now()).toBe(START + 60_000);
    clock.set(START - 1);
    expect(clock.now()).toBe(START - 1);
    expect(clock.known()).toBe(true);
  });

  it('tells its listeners of every move and pace change', () => {
    const clock = createTestClock(START);
    const heard = vi.fn();
    clock.subscribe(heard);
    clock.advance(1);
    clock.set(START);
    expect(clock.rate()).toBe(0);
    clock.setRate(10);
    expect(clock.rate()).toBe(10);
    expect(heard).toHaveBeenCalledTimes(3);
  });
});
