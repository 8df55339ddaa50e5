/**
 * The user's saved screens: their own persisted store (local storage 'chartroom.screens',
 * version 1), each screen checked by screenSchema on the way in (a damaged one is dropped alone),
 * and shared as workspace records, one per screen (`screen:<id>`, screen-records.ts).
 */
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import type { Screen } from '#shared/screener/screen-model.ts';
import { screenSchema } from '#shared/screener/screen-schema.ts';
import { persistedStore } from '../../store/persisted-store';
import { wallClock } from '../../time/clock';

export const SCREENS_STORAGE_KEY = 'chartroom.screens';
export const SCREENS_VERSION = 1;
export const MAX_SCREENS = 100;
export const MAX_SCREEN_NAME = 80;

export interface SavedScreen {
  id: string;
  name: string;
  screen: Screen;
  savedAt: number;
}

export interface PersistedScreens {
  screens: SavedScreen[];
}

export interface ScreensState extends PersistedScreens {
  /** Saves a new screen; undefined when MAX_SCREENS are saved already. */
  add: (name: string, screen: Screen) => SavedScreen | undefined;
  /** Saves `screen` over saved screen `id` (and its name). */
  replace: (id: string, name: string, screen: Screen) => void;
  remove: (id: string) => void;
}

/** A saved screen's value as stored and as a record carries it, checked; undefined when damaged. */
export function savedScreenOf(id: string, value: unknown): SavedScreen | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { name, screen, savedAt } = value as Partial<Record<keyof SavedScreen, unknown>>;
  const parsed = screenSchema.safeParse(screen);
  if (!parsed.success || typeof name !== 'string' || id === '') return undefined;
  return { id, name: name.slice(0, MAX_SCREEN_NAME), screen: parsed.data, savedAt: typeof savedAt === 'number' ? savedAt : 0 };
}

/** The saved state's screens that read as screens. */
export function parsePersistedScreens(persisted: unknown): PersistedScreens {
  const list = typeof persisted === 'object' && persisted !== null ? (persisted as { screens?: unknown }).screens : undefined;
  const screens: SavedScreen[] = [];
  if (Array.isArray(list))
    for (const entry of list) {
      const id = typeof entry === 'object' && entry !== null ? (entry as { id?: unknown }).id : undefined;
      const screen = typeof id === 'string' ? savedScreenOf(id, entry) : undefined;
      if (screen) screens.push(screen);
    }
  return { screens: screens.slice(0, MAX_SCREENS) };
}

let counter = 0;
function newScreenId(): string {
  counter += 1;
  return `${wallClock.now().toString(36)}-${counter.toString(36)}-${Math.random().toString(36).slice(2, 7)}`;
}

const trimmed = (name: string): string => name.trim().slice(0, MAX_SCREEN_NAME);

export const useScreensStore = create<ScreensState>()(
  persist(
    (set, get) => ({
      screens: [],
      add: (name, screen) => {
        if (get().screens.length >= MAX_SCREENS) return undefined;
        const saved: SavedScreen = { id: newScreenId(), name: trimmed(name), screen, savedAt: wallClock.now() };
        set((state) => ({ screens: [...state.screens, saved] }));
        return saved;
      },
      replace: (id, name, screen) => {
        set((state) => ({
          screens: state.screens.map((saved) => (saved.id === id ? { ...saved, name: trimmed(name), screen, savedAt: wallClock.now() } : saved)),
        }));
      },
      remove: (id) => {
        set((state) => ({ screens: state.screens.filter((saved) => saved.id !== id) }));
      },
    }),
    persistedStore({
      name: SCREENS_STORAGE_KEY,
      version: SCREENS_VERSION,
      unreadable: { screens: [] },
      partialize: (state): PersistedScreens => ({ screens: state.screens }),
      merge: (persisted, current: ScreensState) => ({ ...current, ...parsePersistedScreens(persisted) }),
    }),
  ),
);
