/**
 * The current instant, re-rendering every `intervalMs`. Used until the app supplies the server's
 * clock (the simulator's may differ from the browser's); a given `now` wins and stops the ticking.
 */
import { useEffect, useState } from 'react';

export function useTickingNow(given?: number, intervalMs = 1000): number {
  const [ticked, setTicked] = useState(() => Date.now());
  const ticking = given === undefined;
  useEffect(() => {
    if (!ticking) return undefined;
    const id = setInterval(() => {
      setTicked(Date.now());
    }, intervalMs);
    return () => {
      clearInterval(id);
    };
  }, [ticking, intervalMs]);
  return given ?? ticked;
}
