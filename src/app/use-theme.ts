/**
 * Applies the theme (the `dark` class on <html>) and the up/down colour convention (CSS custom
 * properties `--color-up` / `--color-down`, read by rows and legends; the chart adapter gets hex
 * values of its own).
 */
import { useEffect } from 'react';
import { useAppStore } from '../store/app-store';

/**
 * Text colours for rises and falls, per theme: dark enough on white and light enough on slate-900
 * for small text (WCAG AA, ≥ 4.5:1). The chart's candles use their own, brighter fills.
 */
export const UP_DOWN_HEX = {
  light: { green: '#15803d', red: '#b91c1c' },
  dark: { green: '#4ade80', red: '#f87171' },
} as const;

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
