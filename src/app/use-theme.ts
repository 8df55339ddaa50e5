/**
 * Applies the theme (the `dark` class on <html>) and the up/down colour convention (CSS custom
 * properties `--color-up` / `--color-down`, read by rows and legends; the chart adapter gets hex
 * values of its own).
 */
import { useEffect } from 'react';
import { useAppStore } from '../store/app-store';

export const UP_DOWN_HEX = {
  green: '#16a34a',
  red: '#dc2626',
} as const;

export function useTheme(): void {
  const theme = useAppStore((state) => state.preferences.theme);
  const colors = useAppStore((state) => state.preferences.colors);
  useEffect(() => {
    const root = document.documentElement;
    root.classList.toggle('dark', theme === 'dark');
    root.style.colorScheme = theme;
    const up = colors === 'green-up' ? UP_DOWN_HEX.green : UP_DOWN_HEX.red;
    const down = colors === 'green-up' ? UP_DOWN_HEX.red : UP_DOWN_HEX.green;
    root.style.setProperty('--color-up', up);
    root.style.setProperty('--color-down', down);
  }, [theme, colors]);
}
