/** The data's clock (the app services' Clock), ticking for components that show it. */
import { useEffect, useState } from 'react';
import { useAppServices } from '../queries/app-services-context';
import type { InstantMs } from '../time/time-types';

/** The data's instant, read again every `periodMs` and whenever the clock jumps. */
export function useServerNow(periodMs = 1_000): InstantMs {
  const { clock } = useAppServices();
  const [now, setNow] = useState(() => clock.now());
  useEffect(() => {
    const read = () => {
      setNow(clock.now());
    };
    const timer = setInterval(read, periodMs);
    const unsubscribe = clock.subscribe(read);
    return () => {
      clearInterval(timer);
      unsubscribe();
    };
  }, [clock, periodMs]);
  return now;
}
