/**
 * Local storage for zustand's persist middleware that never throws (private mode, quota, storage
 * disabled) and hands over `unreadable` when the saved text is not JSON, so a store can tell the
 * user instead of silently starting empty. Every persisted store of the app goes through it.
 */
import type { PersistStorage, StorageValue } from 'zustand/middleware';

export function safeJsonStorage<S>(unreadable: S, version: number): PersistStorage<S> {
  return {
    getItem: (name) => {
      let text: string | null;
      try {
        text = localStorage.getItem(name);
      } catch {
        return null;
      }
      if (text === null) return null;
      try {
        return JSON.parse(text) as StorageValue<S>;
      } catch {
        return { state: unreadable, version };
      }
    },
    setItem: (name, value) => {
      try {
        localStorage.setItem(name, JSON.stringify(value));
      } catch {
        // Full or unavailable: the session keeps working, unsaved.
      }
    },
    removeItem: (name) => {
      try {
        localStorage.removeItem(name);
      } catch {
        // Nothing to do.
      }
    },
  };
}
