/**
 * One tab of the browser evaluates the alerts (a Web Lock held while it lives; the next tab takes
 * over when it closes), so a crossing two open tabs both see is recorded, notified and beeped
 * once. The other tabs take its record from storage and show it as a toast of their own. Where
 * the browser has no Web Locks, every tab evaluates, as before (the notification's tag still
 * keeps the system notification single).
 */
import { useEffect, useState } from 'react';
import type { AlertLogEntry } from './persisted-alerts';

export const EVALUATING_LOCK = 'chartroom.alerts.evaluating';

function locksOf(): LockManager | undefined {
  return typeof navigator === 'undefined' ? undefined : navigator.locks;
}

/** Whether this tab is the one that evaluates (true at once without Web Locks). */
export function useEvaluatingTab(): boolean {
  const [evaluating, setEvaluating] = useState(() => locksOf() === undefined);
  useEffect(() => {
    const locks = locksOf();
    if (!locks) return undefined;
    const released = new AbortController();
    locks
      .request(EVALUATING_LOCK, { signal: released.signal }, () => {
        setEvaluating(true);
        // Held until this tab's alerts runtime goes (the page closes or the component unmounts).
        return new Promise<void>((resolve) => {
          released.signal.addEventListener('abort', () => {
            resolve();
          });
        });
      })
      // Aborted while still waiting for the lock: nothing to release.
      .catch(() => undefined);
    return () => {
      released.abort();
      setEvaluating(false);
    };
  }, []);
  return evaluating;
}

/** The entries of `after` that `before` did not have (another tab's triggers, newest last). */
export function newEntries(before: readonly AlertLogEntry[], after: readonly AlertLogEntry[]): AlertLogEntry[] {
  const known = new Set(before.map((entry) => entry.id));
  return after.filter((entry) => !known.has(entry.id));
}
