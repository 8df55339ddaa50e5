/** Test support: tabs' channels and storage in memory, for the tab-sync tests of every store. */
import type { Channel } from './tab-sync';

/** Tabs' channels that deliver only on flush, so two tabs can change things "at once". */
export function channelHub() {
  const queue: { to: (event: { data: unknown }) => void; data: unknown }[] = [];
  const listeners: ((event: { data: unknown }) => void)[] = [];
  return {
    channel(): Channel {
      let mine: ((event: { data: unknown }) => void) | undefined;
      return {
        postMessage: (data) => {
          // Structured clone, as a BroadcastChannel does: nothing shared between tabs.
          for (const to of listeners) if (to !== mine) queue.push({ to, data: structuredClone(data) });
        },
        addEventListener: (_type, listener) => {
          mine = listener;
          listeners.push(listener);
        },
        close: () => undefined,
      };
    },
    flush(): void {
      while (queue.length > 0) {
        const next = queue.shift();
        next?.to({ data: next.data });
      }
    },
  };
}

export function memoryStorage(): Pick<Storage, 'getItem' | 'setItem'> {
  const items = new Map<string, string>();
  return { getItem: (key) => items.get(key) ?? null, setItem: (key, value) => items.set(key, value) };
}
