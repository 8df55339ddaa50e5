/** Keeps the page's theme (theme.ts) in step with the preferences. */
import { useEffect } from 'react';
import { useAppStore } from '../store/app-store';
import { applyTheme } from './theme';

export function useTheme(): void {
  const theme = useAppStore((state) => state.preferences.theme);
  const colors = useAppStore((state) => state.preferences.colors);
  useEffect(() => {
    applyTheme(theme, colors);
  }, [theme, colors]);
}
