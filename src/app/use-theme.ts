/** Keeps the page's theme (theme.ts), and the browser's bar colour, in step with the preferences. */
import { useEffect } from 'react';
import { useAppStore } from '../store/app-store';
import { applyTheme } from './theme';

/** The header's colour in each theme: the browser's (and an installed app's) title bar matches it. */
const BAR_COLOURS = { dark: '#0f172b', light: '#ffffff' } as const;

export function useTheme(): void {
  const theme = useAppStore((state) => state.preferences.theme);
  const colors = useAppStore((state) => state.preferences.colors);
  useEffect(() => {
    applyTheme(theme, colors);
    // index.html's theme-color follows the system's scheme until the app knows the user's theme.
    for (const meta of document.querySelectorAll<HTMLMetaElement>('meta[name="theme-color"]')) meta.content = BAR_COLOURS[theme];
  }, [theme, colors]);
}
