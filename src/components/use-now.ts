/**
 * The browser's clock for texts that count time ("12 s ago", "waiting 4 s"), re-rendering every
 * `periodMs` while `active` (a flag, or a test of the last value: a countdown stops at its end),
 * so an item whose text does not change does not render each second. The first value is the
 * instant of mounting: mount a countdown afresh (a `key`) when what it counts to changes.
 */
import { useEffect, useState } from 'react';
import { wallClock } from '../time/clock';

export function useNow(periodMs: number, active: boolean | ((now: number) => boolean) = true): number {
  const [now, setNow] = useState(() => wallClock.now());
  const ticking = typeof active === 'function' ? active(now) : active;
  useEffect(() => {
    if (!ticking) return undefined;
    const timer = setInterval(() => {
      setNow(wallClock.now());
    }, periodMs);
    return () => {
      clearInterval(timer);
    };
  }, [periodMs, ticking]);
  return now;
}
