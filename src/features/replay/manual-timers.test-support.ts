/** Test support: wall time and timers that move only when the test advances them. */
import type { ReplayTimers } from './replay-clock';

export interface ManualTimers extends ReplayTimers {
  /** Moves wall time on by `ms`, firing every timer due on the way, in order. */
  advance(ms: number): void;
  /** Timers waiting. */
  pending(): number;
}

export function manualTimers(start = 0): ManualTimers {
  let now = start;
  let nextId = 0;
  const timers = new Map<number, { due: number; callback: () => void }>();
  const nextDue = (): [number, { due: number; callback: () => void }] | undefined => [...timers.entries()].sort(([a, x], [b, y]) => x.due - y.due || a - b)[0];
  return {
    now: () => now,
    schedule(callback, ms) {
      const id = nextId++;
      timers.set(id, { due: now + ms, callback });
      return () => {
        timers.delete(id);
      };
    },
    advance(ms) {
      const until = now + ms;
      for (let next = nextDue(); next && next[1].due <= until; next = nextDue()) {
        timers.delete(next[0]);
        now = next[1].due;
        next[1].callback();
      }
      now = until;
    },
    pending: () => timers.size,
  };
}
