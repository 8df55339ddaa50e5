/**
 * The one set-up of a persisted store (the app's, the alerts', the drawings'): its key and
 * version in local storage through safeJsonStorage, what is saved, how a saved state is read
 * (validated, a damaged entry dropped alone), and its migrations, loaded only when a saved state
 * is older than the store.
 */
import type { PersistOptions } from 'zustand/middleware';
import { wallClock } from '../time/clock';
import { safeJsonStorage } from './safe-storage';

const readAt = new Map<string, number>();

/**
 * When this page read the saved state under `name` (wall time): what was saved before is in the
 * state it started from (or overridden by its link), so the exchange between tabs only takes the
 * records changed after it (an older document of the same tab may write until the new one loads).
 */
export function savedStateReadAt(name: string): number | undefined {
  return readAt.get(name);
}

export interface PersistedStoreConfig<S, P> {
  name: string;
  version: number;
  /** Handed to `merge` when the saved text is not JSON. */
  unreadable: P;
  partialize: (state: S) => P;
  merge: (persisted: unknown, current: S) => S;
  /** The migrations' module (src/store/migrations.ts), for a state saved at an older version. */
  migrations?: () => Promise<{ migrate: (persisted: unknown, version: number) => unknown }>;
}

export function persistedStore<S, P>(config: PersistedStoreConfig<S, P>): PersistOptions<S, P> {
  const { name, version, unreadable, partialize, merge, migrations } = config;
  return {
    name,
    version,
    storage: safeJsonStorage(unreadable, version),
    partialize,
    merge: (persisted, current) => {
      readAt.set(name, wallClock.now());
      return merge(persisted, current);
    },
    // Whatever comes out is validated in merge, as any saved state is.
    migrate: (persisted, from) => (migrations ? migrations().then((module) => module.migrate(persisted, from) as P) : (persisted as P)),
  };
}
