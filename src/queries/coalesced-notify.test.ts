import { afterEach, describe, expect, it, vi } from 'vitest';
import { coalescedScheduler } from './coalesced-notify';

describe('coalescedScheduler', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs every notification scheduled before its timer in that one timer, in order', () => {
    vi.useFakeTimers();
    const schedule = coalescedScheduler();
    const ran: string[] = [];
    schedule(() => ran.push('a'));
    schedule(() => ran.push('b'));
    schedule(() => ran.push('c'));
    expect(vi.getTimerCount()).toBe(1);
    expect(ran).toEqual([]);
    vi.runOnlyPendingTimers();
    expect(ran).toEqual(['a', 'b', 'c']);
  });

  it('a notification scheduled while the batch runs waits for the next timer', () => {
    vi.useFakeTimers();
    const schedule = coalescedScheduler();
    const ran: string[] = [];
    schedule(() => {
      ran.push('first');
      schedule(() => ran.push('during'));
    });
    vi.runOnlyPendingTimers();
    expect(ran).toEqual(['first']);
    vi.runOnlyPendingTimers();
    expect(ran).toEqual(['first', 'during']);
  });
});
