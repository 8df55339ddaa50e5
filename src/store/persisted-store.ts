/**
 * The one set-up of a persisted store (the app's, the alerts', the drawings'): its key and
 * version in local storage through safeJsonStorage, what is saved, how a saved state is read
 * (validated, a damaged entry dropped alone), and its migrations, loaded only when a saved state
 * is older than the store.
 */
import type { PersistOptions } from 'zustand/middleware';
import { safeJsonStorage } from './safe-storage';

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
    merge,
    // Whatever comes out is validated in merge, as any saved state is.
    migrate: (persisted, from) => (migrations ? migrations().then((module) => module.migrate(persisted, from) as P) : (persisted as P)),
  };
}
