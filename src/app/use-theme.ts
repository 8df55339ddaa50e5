/**
 * Applies the theme (the `dark` class on <html>) and the up/down colour convention (CSS custom
 * properties `--color-up` / `--color-down`, read by rows and legends; the chart's candles use the
 * same colours, src/lib/up-down-colors).
 */
import { useEffect } from 'react';
import { UP_DOWN_HEX } from '../lib/up-down-colors';
import { useAppStore } from '../store/app-store';

export function useTheme(): void {
  const theme = useAppStore((state) => state.preferences.theme);
  const colors = useAppStore((state) => state.preferences.colors);
  useEffect(() => {
    const root = document.documentElement;
    root.classList.toggle('dark', theme === 'dark');
    root.style.colorScheme = theme;
    const { green, red } = UP_DOWN_HEX[theme];
    const up = colors === 'green-up' ? green : red;
    const down = colors === 'green-up' ? red : green;
    root.style.setProperty('--color-up', up);
    root.style.setProperty('--color-down', down);
  }, [theme, colors]);
}
