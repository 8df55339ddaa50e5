/**
 * The language a component renders in. A component that shows translated text calls it, so a
 * language switch renders it again (memoized or not); the store changes its language only once
 * the catalog is active (switchLanguage), so `t` already reads the new one.
 */
import { useAppStore } from '../store/app-store';
import type { Language } from './locales';
import { loadLanguage } from './load-language';

export function useLanguage(): Language {
  return useAppStore((state) => state.preferences.language);
}

/** Loads `language`'s catalog, then switches the whole app to it (no reload). */
export function switchLanguage(language: Language): Promise<void> {
  return loadLanguage(language).then(() => {
    useAppStore.getState().setLanguage(language);
  });
}
