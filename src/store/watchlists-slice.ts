/**
 * Named watchlists: created, renamed, deleted and reordered by the user; persisted. Names are
 * unique, ignoring case: two lists called "US tech" could not be told apart, nor could their
 * buttons' accessible names ("Delete US tech").
 */
import type { StateCreator } from 'zustand';
import { wallClock } from '../time/clock';

export interface Watchlist {
  id: string;
  name: string;
  symbols: string[];
}

export const DEFAULT_WATCHLISTS: Watchlist[] = [
  { id: 'us', name: 'US tech', symbols: ['AAPL.US', 'MSFT.US', 'NVDA.US', 'AMZN.US', 'GOOGL.US', 'META.US', 'TSLA.US'] },
  { id: 'hk', name: 'Hong Kong', symbols: ['700.HK', '9988.HK', '3690.HK', '5.HK', '1299.HK', '388.HK', 'HSI'] },
  { id: 'cn', name: 'A-shares', symbols: ['600519.SH', '601318.SH', '600036.SH', '000001.SZ', '300750.SZ', '000858.SZ'] },
  { id: 'global', name: 'FX, metals, crypto', symbols: ['EURUSD', 'USDJPY', 'XAUUSD', 'BTCUSDT', 'ETHUSDT', 'SPX', 'AU2612'] },
];

export interface WatchlistsSlice {
  watchlists: Watchlist[];
  activeWatchlistId: string;
  selectWatchlist: (id: string) => void;
  /** Creates a list named `name`, or the first free "name 2", "name 3"…; returns its id. */
  createWatchlist: (name: string) => string;
  /** Renames a list; a name another list has (ignoring case), or an empty one, is refused. */
  renameWatchlist: (id: string, name: string) => RenameResult;
  deleteWatchlist: (id: string) => void;
  moveWatchlist: (id: string, toIndex: number) => void;
  addSymbol: (id: string, symbol: string) => void;
  /** Adds to the active list, creating a list first when there is none. */
  addToActiveWatchlist: (symbol: string) => void;
  removeSymbol: (id: string, symbol: string) => void;
  moveSymbol: (id: string, symbol: string, toIndex: number) => void;
}

export type RenameResult = 'renamed' | 'empty' | 'taken';

const nameKey = (name: string): string => name.trim().toLocaleLowerCase();

/** The list other than `exceptId` already called `name` (ignoring case and outer spaces), if any. */
export function listNamed(lists: readonly Watchlist[], name: string, exceptId?: string): Watchlist | undefined {
  const key = nameKey(name);
  return lists.find((list) => list.id !== exceptId && nameKey(list.name) === key);
}

/** `name`, or the first of "name 2", "name 3"… that no list has. */
export function freeName(lists: readonly Watchlist[], name: string): string {
  const base = name.trim() || 'New list';
  if (!listNamed(lists, base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base} ${String(n)}`;
    if (!listNamed(lists, candidate)) return candidate;
  }
}

function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  if (from < 0 || from >= items.length) return [...items];
  const copy = [...items];
  const [item] = copy.splice(from, 1);
  if (item === undefined) return [...items];
  copy.splice(Math.max(0, Math.min(to, copy.length)), 0, item);
  return copy;
}

function newId(): string {
  return `list-${wallClock.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}`;
}

export const createWatchlistsSlice: StateCreator<WatchlistsSlice, [], [], WatchlistsSlice> = (set, get) => {
  const update = (id: string, change: (list: Watchlist) => Watchlist) => {
    set((state) => ({ watchlists: state.watchlists.map((list) => (list.id === id ? change(list) : list)) }));
  };
  return {
    watchlists: DEFAULT_WATCHLISTS,
    activeWatchlistId: DEFAULT_WATCHLISTS[0]?.id ?? '',
    selectWatchlist: (id) => {
      if (get().watchlists.some((list) => list.id === id)) set({ activeWatchlistId: id });
    },
    createWatchlist: (name) => {
      const id = newId();
      set((state) => ({ watchlists: [...state.watchlists, { id, name: freeName(state.watchlists, name), symbols: [] }], activeWatchlistId: id }));
      return id;
    },
    renameWatchlist: (id, name) => {
      const trimmed = name.trim();
      if (!trimmed) return 'empty';
      if (listNamed(get().watchlists, trimmed, id)) return 'taken';
      update(id, (list) => ({ ...list, name: trimmed }));
      return 'renamed';
    },
    deleteWatchlist: (id) => {
      set((state) => {
        const watchlists = state.watchlists.filter((list) => list.id !== id);
        const activeWatchlistId = state.activeWatchlistId === id ? (watchlists[0]?.id ?? '') : state.activeWatchlistId;
        return { watchlists, activeWatchlistId };
      });
    },
    moveWatchlist: (id, toIndex) => {
      set((state) => ({
        watchlists: moveItem(
          state.watchlists,
          state.watchlists.findIndex((list) => list.id === id),
          toIndex,
        ),
      }));
    },
    addSymbol: (id, symbol) => {
      update(id, (list) => (list.symbols.includes(symbol) ? list : { ...list, symbols: [...list.symbols, symbol] }));
    },
    addToActiveWatchlist: (symbol) => {
      const { watchlists, activeWatchlistId, createWatchlist, addSymbol } = get();
      const id = watchlists.some((list) => list.id === activeWatchlistId) ? activeWatchlistId : createWatchlist('Watchlist');
      addSymbol(id, symbol);
    },
    removeSymbol: (id, symbol) => {
      update(id, (list) => ({ ...list, symbols: list.symbols.filter((s) => s !== symbol) }));
    },
    moveSymbol: (id, symbol, toIndex) => {
      update(id, (list) => ({ ...list, symbols: moveItem(list.symbols, list.symbols.indexOf(symbol), toIndex) }));
    },
  };
};
