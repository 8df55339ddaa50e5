/**
 * Keyboard shortcuts: `/` or Ctrl/Cmd+K opens search; a letter opens it with that letter typed
 * (TradingView's habit: type a ticker on the chart); digits pick an interval; Alt+digit picks a
 * panel. Ignored while the user types in a field or inside a modal dialog (but Ctrl/Cmd+K). The chart's
 * view keys (End, Alt+G, Alt+R) are its own, in features/chart/chart-view-tools.
 */
import type { Interval } from '#shared/contract.ts';
import type { KeyLike } from '../lib/key-press';
import { PANEL_TABS, type PanelTab } from '../store/workspace-slice';

export const INTERVAL_KEYS: Readonly<Record<string, Interval>> = {
  '1': '1m',
  '2': '5m',
  '3': '15m',
  '4': '30m',
  '5': '1h',
  '6': '4h',
  '7': '1d',
  '8': '1w',
  '9': '1M',
};

/** `text`: what the search starts with (the letter that opened it, or nothing). */
export type ShortcutAction = { kind: 'search'; text: string } | { kind: 'interval'; interval: Interval } | { kind: 'tab'; tab: PanelTab };

// The app's key handlers take the typing test from here with the shortcuts (lib/key-press, shared with the drawing keys).
export { isTypingTarget } from '../lib/key-press';

/**
 * The action of a key press, or undefined. `typing` is true when focus is in a text field,
 * `inModal` when it is inside a modal dialog.
 */
export function shortcutFor(event: KeyLike & { code?: string }, typing: boolean, inModal = false): ShortcutAction | undefined {
  if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') return { kind: 'search', text: '' };
  // A modal dialog's keys are its own: a digit pressed on its button changed the chart's interval
  // behind it, Alt+digit its panel, `/` opened the search over it.
  if (typing || inModal || event.ctrlKey || event.metaKey) return undefined;
  if (event.key === '/' && !event.altKey) return { kind: 'search', text: '' };
  // Latin letters only: tickers are; digits stay the intervals' keys (TradingView's too). Shift+F
  // is the chart's full screen (features/chart/chart-fullscreen), as on TradingView.
  if (/^[a-z]$/i.test(event.key) && !event.altKey && !(event.shiftKey && event.key === 'F')) return { kind: 'search', text: event.key };
  // Alt+digit: read the physical key, since Alt changes `key` on some layouts.
  const digit = event.code?.startsWith('Digit') ? event.code.slice(5) : event.key;
  if (event.altKey) {
    const tab = PANEL_TABS[Number(digit) - 1];
    return tab ? { kind: 'tab', tab } : undefined;
  }
  const interval = event.shiftKey ? undefined : INTERVAL_KEYS[event.key];
  return interval ? { kind: 'interval', interval } : undefined;
}
