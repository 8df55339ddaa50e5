/**
 * Colours of the main chart, as hex / rgba tokens: the chart parses colours itself and does not
 * understand Tailwind 4's oklch palette. Up and down follow the user's convention (green-up is the
 * Western one, red-up the one of Chinese markets).
 */
import type { ColorConvention, Theme } from '../../store/preferences-slice';
import { UP_DOWN_HEX } from '../../lib/up-down-colors';

export interface ChartPalette {
  background: string;
  text: string;
  grid: string;
  border: string;
  crosshair: string;
  up: string;
  down: string;
  volumeUp: string;
  volumeDown: string;
  marker: string;
  /** Moving-average lines, cycled by index. */
  averages: readonly string[];
  bollinger: string;
  macd: string;
  signal: string;
  rsi: string;
  guide: string;
}

const SURFACE = {
  dark: { background: '#0f172a', text: '#94a3b8', grid: '#1e293b', border: '#334155', crosshair: '#64748b', marker: '#f59e0b' },
  light: { background: '#ffffff', text: '#475569', grid: '#f1f5f9', border: '#e2e8f0', crosshair: '#94a3b8', marker: '#d97706' },
} as const;

const AVERAGES = {
  dark: ['#f59e0b', '#38bdf8', '#e879f9', '#a3e635', '#fb7185', '#2dd4bf'],
  light: ['#d97706', '#0284c7', '#c026d3', '#65a30d', '#e11d48', '#0d9488'],
} as const;

/** `#rrggbb` with an alpha, as `rgba(r, g, b, a)`. */
export function withAlpha(hex: string, alpha: number): string {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!match) throw new RangeError(`not a #rrggbb colour: ${hex}`);
  const [r, g, b] = match.slice(1).map((part) => parseInt(part, 16));
  return `rgba(${String(r)}, ${String(g)}, ${String(b)}, ${String(alpha)})`;
}

export function chartPalette(theme: Theme, convention: ColorConvention): ChartPalette {
  const { green, red } = UP_DOWN_HEX[theme];
  const up = convention === 'green-up' ? green : red;
  const down = convention === 'green-up' ? red : green;
  return {
    ...SURFACE[theme],
    up,
    down,
    volumeUp: withAlpha(up, 0.5),
    volumeDown: withAlpha(down, 0.5),
    averages: AVERAGES[theme],
    bollinger: theme === 'dark' ? '#818cf8' : '#4f46e5',
    macd: theme === 'dark' ? '#38bdf8' : '#0284c7',
    signal: theme === 'dark' ? '#f59e0b' : '#d97706',
    rsi: theme === 'dark' ? '#e879f9' : '#c026d3',
    guide: theme === 'dark' ? '#475569' : '#cbd5e1',
  };
}

/** A candle is up when it closes at or above its open. */
export function isUp(candle: { open: number; close: number }): boolean {
  return candle.close >= candle.open;
}
