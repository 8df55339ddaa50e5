/**
 * The drawings of every instrument: their own persisted store (key 'chartroom.drawings', loaded
 * with the drawing code, so the first page does not carry it), validated drawing by drawing on
 * load, with undo and redo per symbol for the session.
 */
import { t } from '../../../i18n/t';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { persistedStore } from '../../../store/persisted-store';
import { useAppStore } from '../../../store/app-store';
import type { Drawing } from './drawing-model';
import { parseSavedDrawings } from './drawing-schema';

export const DRAWINGS_STORAGE_KEY = 'chartroom.drawings';
export const DRAWINGS_VERSION = 1;
/** Steps kept for undo per symbol. */
const HISTORY_LIMIT = 100;

interface History {
  past: Drawing[][];
  future: Drawing[][];
}

export interface DrawingsState {
  bySymbol: Record<string, Drawing[]>;
  /** Session only: undo and redo stacks of each symbol. */
  history: Record<string, History>;
  /** Session only: every drawing hidden. */
  hidden: boolean;
  /**
   * The wide screen's tool column is open. Saved; closed at first, so the column does not cover
   * the chart's left edge (the oldest candles, the start of a drag) for users who never draw.
   */
  toolbarOpen: boolean;
  setToolbarOpen(open: boolean): void;
  /** Session only: the merge key of each symbol's last change, if it had one. */
  lastMerge: Record<string, string | undefined>;
  add(symbol: string, drawing: Drawing): void;
  /**
   * Replaces the drawing of the same id (a move, a restyle). Successive replaces with the same
   * `mergeKey` (typing a note, dragging through the colour picker) are one undo step.
   */
  replace(symbol: string, drawing: Drawing, mergeKey?: string): void;
  remove(symbol: string, id: string): void;
  removeAll(symbol: string): void;
  /** Adds imported drawings to the symbol's (one undo step). */
  /** Adds the drawings whose ids the symbol does not hold yet (one undo step); how many it added. */
  addMany(symbol: string, drawings: readonly Drawing[]): number;
  undo(symbol: string): void;
  redo(symbol: string): void;
  setHidden(hidden: boolean): void;
}

/** What is saved: the drawings and whether the tool column is open. */
type Saved = Pick<DrawingsState, 'bySymbol' | 'toolbarOpen'>;

const NO_DRAWINGS: Drawing[] = [];

/** The drawings of a symbol (a stable empty array when there are none). */
export function drawingsOf(state: Pick<DrawingsState, 'bySymbol'>, symbol: string): readonly Drawing[] {
  return state.bySymbol[symbol] ?? NO_DRAWINGS;
}

const UNREADABLE = { unreadable: true };

/** `bySymbol` with the symbol's drawings set to `drawings` (the key gone when there are none). */
function withDrawings(bySymbol: Record<string, Drawing[]>, symbol: string, drawings: Drawing[]): Record<string, Drawing[]> {
  const others = Object.entries(bySymbol).filter(([key]) => key !== symbol);
  return Object.fromEntries(drawings.length > 0 ? [...others, [symbol, drawings]] : others);
}

export const useDrawingsStore = create<DrawingsState>()(
  persist(
    (set) => {
      /** Sets a symbol's drawings to `next(current)`, one undo step. */
      const change = (symbol: string, next: (current: Drawing[]) => Drawing[], mergeKey?: string): void => {
        set((state) => {
          const current = state.bySymbol[symbol] ?? NO_DRAWINGS;
          const updated = next(current);
          if (updated === current) return state;
          const bySymbol = withDrawings(state.bySymbol, symbol, updated);
          const lastMerge = { ...state.lastMerge, [symbol]: mergeKey };
          // The same edit going on: the step before it stays the one to undo to.
          if (mergeKey !== undefined && state.lastMerge[symbol] === mergeKey) return { bySymbol, lastMerge };
          const history = state.history[symbol] ?? { past: [], future: [] };
          return {
            bySymbol,
            lastMerge,
            history: { ...state.history, [symbol]: { past: [...history.past.slice(-HISTORY_LIMIT + 1), current], future: [] } },
          };
        });
      };
      /** Moves the symbol's drawings one step through its history. */
      const travel = (symbol: string, from: 'past' | 'future'): void => {
        set((state) => {
          const history = state.history[symbol];
          const target = history?.[from].at(-1);
          if (!history || !target) return state;
          const current = state.bySymbol[symbol] ?? NO_DRAWINGS;
          const to = from === 'past' ? 'future' : 'past';
          const bySymbol = withDrawings(state.bySymbol, symbol, target);
          return {
            bySymbol,
            lastMerge: { ...state.lastMerge, [symbol]: undefined },
            history: { ...state.history, [symbol]: { ...history, [from]: history[from].slice(0, -1), [to]: [...history[to], current] } },
          };
        });
      };
      return {
        bySymbol: {},
        history: {},
        hidden: false,
        toolbarOpen: false,
        lastMerge: {},
        add: (symbol, drawing) => {
          change(symbol, (current) => [...current, drawing]);
        },
        replace: (symbol, drawing, mergeKey) => {
          change(symbol, (current) => (current.some((d) => d.id === drawing.id) ? current.map((d) => (d.id === drawing.id ? drawing : d)) : current), mergeKey);
        },
        remove: (symbol, id) => {
          change(symbol, (current) => (current.some((d) => d.id === id) ? current.filter((d) => d.id !== id) : current));
        },
        removeAll: (symbol) => {
          change(symbol, (current) => (current.length > 0 ? [] : current));
        },
        addMany: (symbol, drawings) => {
          let added = 0;
          change(symbol, (current) => {
            const taken = new Set(current.map((d) => d.id));
            const fresh = drawings.filter((d) => !taken.has(d.id));
            added = fresh.length;
            return fresh.length === 0 ? current : [...current, ...fresh];
          });
          return added;
        },
        undo: (symbol) => {
          travel(symbol, 'past');
        },
        redo: (symbol) => {
          travel(symbol, 'future');
        },
        setHidden: (hidden) => {
          set({ hidden });
        },
        setToolbarOpen: (toolbarOpen) => {
          set({ toolbarOpen });
        },
      };
    },
    persistedStore({
      name: DRAWINGS_STORAGE_KEY,
      version: DRAWINGS_VERSION,
      unreadable: UNREADABLE as unknown as Saved,
      partialize: (state): Saved => ({ bySymbol: state.bySymbol, toolbarOpen: state.toolbarOpen }),
      // No older shape yet (no migrations): another version's data goes through the same drawing-by-drawing validation in merge.
      merge: (persisted, current: DrawingsState) => {
        const unreadable = persisted === UNREADABLE || (typeof persisted === 'object' && persisted !== null && 'unreadable' in persisted);
        const { bySymbol, dropped } = unreadable ? { bySymbol: {}, dropped: 1 } : parseSavedDrawings(persisted);
        if (dropped > 0) {
          const text = unreadable
            ? t('Saved drawings were unreadable and could not be loaded.')
            : t('{count} saved drawings were damaged and dropped; the others are kept.', { count: dropped });
          // After the store exists (merge runs while it is being created).
          queueMicrotask(() => {
            useAppStore.getState().pushNotice('warning', text);
          });
        }
        const toolbarOpen = !unreadable && typeof persisted === 'object' && persisted !== null && (persisted as { toolbarOpen?: unknown }).toolbarOpen === true;
        return { ...current, bySymbol, toolbarOpen };
      },
    }),
  ),
);
