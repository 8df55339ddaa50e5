/**
 * The alerts that fired on a replay's prices (evaluated by src/app/replay-alerts.tsx), for the
 * replay's controls to show: the only place they go (never the alerts' store, never a notification).
 * A new replay starts with none.
 */
import { useSyncExternalStore } from 'react';

export interface ReplayFiring {
  alertId: string;
  /** The replayed price's time. */
  time: number;
  text: string;
}

/** How many are shown: the latest. */
const KEPT = 3;

let firings: readonly ReplayFiring[] = [];
const listeners = new Set<() => void>();

function set(next: readonly ReplayFiring[]): void {
  firings = next;
  for (const listener of [...listeners]) listener();
}

export function reportReplayFirings(fired: readonly ReplayFiring[]): void {
  if (fired.length > 0) set([...firings, ...fired].slice(-KEPT));
}

export function clearReplayFirings(): void {
  if (firings.length > 0) set([]);
}

export function replayFirings(): readonly ReplayFiring[] {
  return firings;
}

export function useReplayFirings(): readonly ReplayFiring[] {
  return useSyncExternalStore((listener) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  }, replayFirings);
}
