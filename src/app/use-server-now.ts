/** The data's clock (src/api/server-clock), ticking for components that show it. */
import { useEffect, useState } from 'react';
import { serverNow } from '../api/server-clock';

export { serverNow } from '../api/server-clock';

export function useServerNow(periodMs = 1_000): number {
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    const timer = setInterval(() => {
      setNow(serverNow());
    }, periodMs);
    return () => {
      clearInterval(timer);
    };
  }, [periodMs]);
  return now;
}
