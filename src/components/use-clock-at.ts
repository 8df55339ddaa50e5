/**
 * A clock's instant for a text that changes at a known instant ("fills at the open, Mon 09:30"
 * until the open): read again when the clock reaches `next`, and when it jumps or changes pace;
 * not every second. `next` undefined: only on jumps.
 */
import { useEffect, useReducer } from 'react';
import type { Clock } from '../time/clock';

/** setTimeout's longest delay; a later instant is waited for in steps. */
const MAX_DELAY_MS = 2 ** 31 - 1;

export function useClockAt(clock: Clock, next: number | undefined): number {
  const [renders, rerender] = useReducer((count: number) => count + 1, 0);
  useEffect(() => {
    const unsubscribe = clock.subscribe(rerender);
    const rate = clock.rate();
    // The render after the timer reads the clock again (a timer a hair early waits once more).
    const timer = next !== undefined && rate > 0 ? setTimeout(rerender, Math.min(MAX_DELAY_MS, Math.max(0, (next - clock.now()) / rate) + 1)) : undefined;
    return () => {
      clearTimeout(timer);
      unsubscribe();
    };
  }, [clock, next, renders]);
  return clock.now();
}
