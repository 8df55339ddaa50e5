/**
 * Market data the user has seen, kept in IndexedDB between visits and put back into the query
 * cache when the page opens (TanStack Query's own dehydrate and hydrate), so a visit without the
 * network opens on the last chart with its candles and the watchlist with its last prices.
 *
 * Bounded: only successful answers of the live feed, of the domains below; of the chart's history
 * only the newest page; the queries of the MAX_SYMBOLS symbols seen last (tickers of up to
 * MAX_TICKERS); at most MAX_BYTES in all, the oldest answers dropped first; nothing older than
 * MAX_AGE_MS. Restored answers are marked stale: shown at once, asked again as soon as a panel
 * reads them with the network up.
 *
 * Not @tanstack/query-persist-client-core: it pins @tanstack/query-core to an exact older version
 * (5.104.5 against our 5.108), which would put a second copy of the query core in this chunk.
 */
import { dehydrate, hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';

/** Where the kept answers live: IndexedDB on the page (idb-store.ts), memory in tests. */
export interface OfflineStore {
  read: () => Promise<string | undefined>;
  write: (text: string) => Promise<void>;
  clear: () => Promise<void>;
}

/** Bumped when what a kept answer looks like changes: older saves are then ignored. */
export const OFFLINE_FORMAT = 1;
export const MAX_SYMBOLS = 12;
export const MAX_TICKERS = 100;
export const MAX_BYTES = 2 * 1024 * 1024;
export const MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
/** Saving serialises every kept answer (a few ms for a full cache): not on every live tick. */
export const SAVE_EVERY_MS = 5_000;

/** The query domains worth showing offline (key[1]); trades, depth and the HK table are live-only. */
const KEPT_DOMAINS = new Set(['klines', 'tickers', 'intraday', 'stock-info', 'ex-factors', 'trading-sessions', 'trade-days']);
/** Domains whose key names one symbol at key[3] (the others name a list, or none). */
const PER_SYMBOL = new Set(['klines', 'tickers', 'intraday']);

interface Saved {
  format: number;
  savedAt: number;
  /**
   * The data's clock less the browser's when saved: an offline visit's page carries no clock (the
   * worker's shell), and the simulator's or a wrong device clock would otherwise set its "now".
   */
  clockOffsetMs?: number;
  state: DehydratedState;
}

type DehydratedQuery = DehydratedState['queries'][number];

const isLive = (key: readonly unknown[]): boolean => {
  const source = key[2];
  return typeof source === 'object' && source !== null && (source as { kind?: unknown }).kind === 'live';
};

/** The symbol a per-symbol query is about, else undefined. */
function symbolOf(key: readonly unknown[]): string | undefined {
  const domain = key[1];
  if (typeof domain !== 'string' || !PER_SYMBOL.has(domain)) return undefined;
  const at = domain === 'klines' ? 4 : 3;
  return typeof key[at] === 'string' ? key[at] : undefined;
}

/** An infinite query's newest page only (the chart's history: older pages load again online). */
function newestPageOf(query: DehydratedQuery): DehydratedQuery {
  const data = query.state.data as { pages?: unknown[]; pageParams?: unknown[] } | undefined;
  if (!data || !Array.isArray(data.pages) || !Array.isArray(data.pageParams) || data.pages.length <= 1) return query;
  return { ...query, state: { ...query.state, data: { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) } } };
}

/** What of the cache is kept: the bounds of the module's comment, as one JSON text. */
export function offlineSnapshot(queryClient: QueryClient, now: number, clockOffsetMs?: number): string {
  const state = dehydrate(queryClient, {
    shouldDehydrateQuery: (query) =>
      query.state.status === 'success' && query.queryKey[0] === 'api' && KEPT_DOMAINS.has(String(query.queryKey[1])) && isLive(query.queryKey),
    shouldDehydrateMutation: () => false,
  });
  // Newest first: the bounds keep the answers seen last.
  const queries = [...state.queries].sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt);
  const symbols = new Set<string>();
  let tickers = 0;
  const kept = queries.filter((query) => {
    if (query.queryKey[1] === 'tickers') return ++tickers <= MAX_TICKERS;
    const symbol = symbolOf(query.queryKey);
    if (symbol === undefined) return true;
    if (!symbols.has(symbol) && symbols.size >= MAX_SYMBOLS) return false;
    symbols.add(symbol);
    return true;
  });
  const entries = kept.map(newestPageOf);
  let text = serialise(entries, now, clockOffsetMs);
  // Over the cap: the oldest answers go first (halving the overshoot's guess, then one by one).
  while (text.length > MAX_BYTES && entries.length > 0) {
    const excess = text.length / MAX_BYTES;
    entries.splice(Math.max(0, Math.min(entries.length - 1, Math.floor(entries.length / excess))));
    text = serialise(entries, now, clockOffsetMs);
  }
  return text;
}

function serialise(queries: DehydratedQuery[], now: number, clockOffsetMs: number | undefined): string {
  const saved: Saved = { format: OFFLINE_FORMAT, savedAt: now, ...(clockOffsetMs !== undefined && { clockOffsetMs }), state: { queries, mutations: [] } };
  return JSON.stringify(saved);
}

function parse(text: string | undefined, now: number): Saved | undefined {
  if (text === undefined) return undefined;
  try {
    const saved = JSON.parse(text) as Partial<Saved>;
    if (saved.format !== OFFLINE_FORMAT || typeof saved.savedAt !== 'number' || !Array.isArray(saved.state?.queries)) return undefined;
    if (now - saved.savedAt > MAX_AGE_MS) return undefined;
    return saved as Saved;
  } catch {
    return undefined;
  }
}

/** What a restore put back: how many answers, and the data's clock offset kept with them. */
export interface Restored {
  restored: number;
  clockOffsetMs: number | undefined;
}

/**
 * Puts the kept answers into `queryClient`, marked stale (a panel that reads one with the network
 * up asks again); answers the client has already (fresher) win. Resolves with how many were put
 * back; a store that cannot be read restores nothing.
 */
export async function restoreOfflineCache(queryClient: QueryClient, store: OfflineStore, now: number): Promise<Restored> {
  let saved: Saved | undefined;
  try {
    saved = parse(await store.read(), now);
  } catch {
    return { restored: 0, clockOffsetMs: undefined };
  }
  if (!saved) return { restored: 0, clockOffsetMs: undefined };
  const clockOffsetMs = Number.isFinite(saved.clockOffsetMs) ? saved.clockOffsetMs : undefined;
  const restorable = saved.state.queries.filter((query) => now - query.state.dataUpdatedAt <= MAX_AGE_MS);
  hydrate(queryClient, { queries: restorable, mutations: [] });
  let restored = 0;
  for (const kept of restorable) {
    const query = queryClient.getQueryCache().get(kept.queryHash);
    // Only what the kept answer set: an answer the page already had is newer and stays fresh.
    if (query?.state.dataUpdatedAt !== kept.state.dataUpdatedAt) continue;
    query.invalidate();
    restored += 1;
  }
  return { restored, clockOffsetMs };
}

/**
 * Keeps the cache's answers in `store` from now on: at most once per `everyMs` while answers
 * come in, and at once when the page is hidden (a closed tab's last answers are kept). Returns
 * the stop.
 */
export function keepOfflineCache(
  queryClient: QueryClient,
  store: OfflineStore,
  now: () => number,
  clockOffsetMs: () => number | undefined = () => undefined,
  everyMs = SAVE_EVERY_MS,
): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const save = (): void => {
    timer = undefined;
    void store.write(offlineSnapshot(queryClient, now(), clockOffsetMs())).catch(() => undefined);
  };
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    timer ??= setTimeout(save, everyMs);
  });
  const onHidden = (): void => {
    if (document.visibilityState !== 'hidden' || timer === undefined) return;
    clearTimeout(timer);
    save();
  };
  document.addEventListener('visibilitychange', onHidden);
  return () => {
    unsubscribe();
    if (timer !== undefined) clearTimeout(timer);
    document.removeEventListener('visibilitychange', onHidden);
  };
}
