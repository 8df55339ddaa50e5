/**
 * The theme on the page: the `dark` class on <html> and the up/down colour convention as CSS
 * custom properties (`--color-up` / `--color-down`, read by rows and legends; the chart's candles
 * use the same colours, src/lib/up-down-colors). The boot applies it before anything is drawn,
 * useTheme whenever the preference changes.
 */
import { UP_DOWN_HEX } from '../lib/up-down-colors';
import type { ColorConvention, Theme } from '../store/preferences-slice';

export function applyTheme(theme: Theme, colors: ColorConvention): void {
  const root = document.documentElement;
  root.classList.toggle('dark', theme === 'dark');
  root.style.colorScheme = theme;
  const { green, red } = UP_DOWN_HEX[theme];
  root.style.setProperty('--color-up', colors === 'green-up' ? green : red);
  root.style.setProperty('--color-down', colors === 'green-up' ? red : green);
}
