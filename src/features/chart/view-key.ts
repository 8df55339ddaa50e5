/**
 * The chart's view keys (TradingView's): End brings the latest bar back, Alt+G goes to a date,
 * Alt+R resets the scales. Read by the view tools (chart-view-tools, after the first candle), by
 * the panel holding a press made before they are there (view-tools-hold), and by the boot holding
 * one made before the app is (app/boot/early-keys).
 */
import { isTypingTarget, type KeyLike } from '../../lib/key-press';

export type ViewKeyAction = 'latest' | 'date' | 'reset';

/** The view action of a key press, or undefined. Alt+letter by the physical key: Alt changes `key` on some layouts. */
export function viewKeyAction(event: KeyLike & { code?: string }): ViewKeyAction | undefined {
  if (event.ctrlKey || event.metaKey) return undefined;
  if (event.altKey) return event.code === 'KeyG' ? 'date' : event.code === 'KeyR' ? 'reset' : undefined;
  return event.key === 'End' && !event.shiftKey ? 'latest' : undefined;
}

/** Whether the press is for the chart in `element`'s panel: not typed, not taken, focus on the page or in that panel. */
export function isViewKeyFor(event: KeyboardEvent, element: Element): boolean {
  if (event.defaultPrevented || isTypingTarget(event.target)) return false;
  const focus = document.activeElement;
  return !focus || focus === document.body || (element.closest('.chart-panel')?.contains(focus) ?? false);
}
