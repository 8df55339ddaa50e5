/**
 * The source's answers a replay has asked for, kept by their request (symbol, interval, window):
 * a window of the past never changes, so stepping back and forth asks for none again. An answer
 * holds everything complete at the source's clock when it was asked, so it serves any replay
 * instant up to that clock; a replay that runs past it (close to live) asks again. A failed load
 * is forgotten, so the next step retries it.
 */

interface Entry {
  value: Promise<unknown>;
  /** The source's clock when the load began: the answer is complete up to here. */
  coversUntil: number;
}

export interface WindowCache {
  /** The answer of `key` for a replay at `at`, loaded by `load` unless one covering `at` is kept. */
  get<T>(key: string, at: number, load: () => Promise<T>): Promise<T>;
  /** How many answers are kept. */
  size(): number;
}

/** `sourceNow`: the source's clock (the live data's), read when a load begins. */
export function createWindowCache(sourceNow: () => number): WindowCache {
  const entries = new Map<string, Entry>();
  return {
    get<T>(key: string, at: number, load: () => Promise<T>): Promise<T> {
      const kept = entries.get(key);
      if (kept && at <= kept.coversUntil) return kept.value as Promise<T>;
      const coversUntil = sourceNow();
      const entry: Entry = { value: load(), coversUntil };
      entries.set(key, entry);
      entry.value.catch(() => {
        if (entries.get(key) === entry) entries.delete(key);
      });
      return entry.value as Promise<T>;
    },
    size: () => entries.size,
  };
}
