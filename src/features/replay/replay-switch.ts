/**
 * Which services the app runs on: the page's own (live), or a replay's while one runs. The one
 * piece of the replay on the first page, kept small: the replay itself (its feed, clock, controls
 * and dialogs) loads on demand (replay-runtime.ts), when a link names one or the user starts one.
 * The app renders its tree on `useReplayRun()?.services` when there is one (app.tsx), keyed by the
 * run, so every panel mounts again on the replay's feed and clock, and again on the live ones after.
 */
import { useSyncExternalStore } from 'react';
import type { AppServices } from '../../queries/app-services';

/** A replay that runs: its services (the page's, with the replay's clock and feed). */
export interface ReplayRunHandle {
  readonly id: string;
  readonly services: AppServices;
  /** The page's own services the replay was started from. */
  readonly base: AppServices;
}

export { loadReplay, namesReplay, REPLAY_PARAM } from './replay-param';

let current: ReplayRunHandle | undefined;
const listeners = new Set<() => void>();

export function currentReplay(): ReplayRunHandle | undefined {
  return current;
}

export function setCurrentReplay(run: ReplayRunHandle | undefined): void {
  current = run;
  for (const listener of [...listeners]) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useReplayRun(): ReplayRunHandle | undefined {
  return useSyncExternalStore(subscribe, currentReplay);
}
