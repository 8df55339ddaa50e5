/**
 * The intraday tab's 1-day / 5-day choice, kept by the (on-demand) intraday feature itself so it
 * survives switching tabs and symbols; for the page's life, not persisted or put in the URL. A
 * module-level value behind useSyncExternalStore: no store library code is shared with the first
 * page for it.
 */
import { useSyncExternalStore } from 'react';

export type IntradayDays = 1 | 5;

let current: IntradayDays = 1;
const listeners = new Set<() => void>();

export function setIntradayDays(days: IntradayDays): void {
  if (days === current) return;
  current = days;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

function snapshot(): IntradayDays {
  return current;
}

export function useIntradayDays(): IntradayDays {
  return useSyncExternalStore(subscribe, snapshot);
}
