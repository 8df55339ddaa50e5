/**
 * The chart full screen (the toolbar's button, Shift+F; a bare F is left to typing a ticker, and
 * the app's shortcuts in src/app/shortcuts.ts take neither): the chart panel asks the browser for
 * full screen; where the browser refuses (an iPhone, a frame without the permission) the panel
 * fills the page instead (`data-maximised`, fullscreen.css). Esc leaves either (the browser
 * leaves its full screen on Esc by itself; the listener here covers the page's, and any browser
 * that hands the key to the page).
 */

import { keysAreNotThePages, type KeyLike } from '../../lib/key-press';

/** The panel of the chart the workbench is on (the single chart, or a layout's active one). */
const MAIN_CHART_PANEL = '.chart-panel[data-main]';
const MAXIMISED = 'data-maximised';

function leave(): void {
  if (document.fullscreenElement) void document.exitFullscreen();
  document.querySelector(`[${MAXIMISED}]`)?.removeAttribute(MAXIMISED);
  document.removeEventListener('keydown', leaveOnEscape);
}

function leaveOnEscape(event: KeyboardEvent): void {
  if (event.key === 'Escape') leave();
}

function enter(panel: Element): void {
  document.addEventListener('keydown', leaveOnEscape);
  // An iPhone has no requestFullscreen (a TypeError here): that counts as a refusal too.
  Promise.resolve()
    .then(() => panel.requestFullscreen())
    .catch(() => {
      panel.setAttribute(MAXIMISED, '');
    });
}

/** Full screen on or off for `panel` (by default the main chart's). */
export function toggleChartFullscreen(panel: Element | null = document.querySelector(MAIN_CHART_PANEL)): void {
  if (document.fullscreenElement || document.querySelector(`[${MAXIMISED}]`)) leave();
  else if (panel) enter(panel);
}

/** Shift+F, outside a text field and a modal dialog. */
export function isFullscreenKey(event: KeyLike & { target: EventTarget | null }): boolean {
  return event.key === 'F' && event.shiftKey && !event.ctrlKey && !event.metaKey && !event.altKey && !keysAreNotThePages(event.target);
}
