/**
 * The screener's state while the page is open: the draft being edited, the name it is saved
 * under (and which saved screen it is), so leaving the tab and coming back keeps both.
 */
import { create } from 'zustand';
import type { Screen } from '#shared/screener/screen-model.ts';
import { presetScreen, type ScreenPreset } from '#shared/screener/screen-presets.ts';
import { draftOf, type ScreenDraft } from './screen-draft';

export interface ScreenerState {
  draft: ScreenDraft;
  /** The name typed for saving. */
  name: string;
  /** The saved screen the draft came from (Save replaces it), if any. */
  savedId: string | undefined;
  /** Edits of the draft: each replaces it whole. */
  edit: (change: (draft: ScreenDraft) => ScreenDraft) => void;
  setName: (name: string) => void;
  /** A screen to edit (a preset, a saved screen, a link). */
  open: (screen: Screen, name: string, savedId?: string) => void;
  setSavedId: (id: string | undefined) => void;
}

export const FIRST_SCREEN: ScreenPreset = 'top-gainers';

export const useScreenerStore = create<ScreenerState>()((set) => ({
  draft: draftOf(presetScreen(FIRST_SCREEN, { market: 'US', type: 'stock' })),
  name: '',
  savedId: undefined,
  edit: (change) => {
    set((state) => ({ draft: change(state.draft) }));
  },
  setName: (name) => {
    set({ name });
  },
  open: (screen, name, savedId) => {
    set({ draft: draftOf(screen), name, savedId });
  },
  setSavedId: (savedId) => {
    set({ savedId });
  },
}));
