/**
 * The data's clock, ticking: browser time plus the offset the server reports in
 * X-Chartroom-Clock (the simulator's clock, which tests freeze or shift). Market status must be
 * computed at the same instant as the data it describes.
 */
import { useEffect, useState } from 'react';
import { onRequestSettled } from '../api/client';

let offsetMs = 0;
onRequestSettled((event) => {
  if (event.serverTime !== undefined) offsetMs = event.serverTime - event.at;
});

export function serverNow(): number {
  return Date.now() + offsetMs;
}

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
