/** The offline cache's store (offline-cache.ts) in IndexedDB: one text under one key. */
import { createStore, del, get, set } from 'idb-keyval';
import type { OfflineStore } from './offline-cache';

const DATABASE = 'chartroom-offline';
const KEY = 'market-data';

export function indexedDbStore(): OfflineStore {
  const store = createStore(DATABASE, 'answers');
  return {
    read: () => get<string>(KEY, store),
    write: (text) => set(KEY, text, store),
    clear: () => del(KEY, store),
  };
}
