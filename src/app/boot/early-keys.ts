/**
 * Shortcut keys pressed before the app has mounted (it evaluates after the page's load event and
 * the early chart, ≈100–300 ms on a desktop): held here, with the browser's default prevented as
 * the app would, and dispatched again once the app's own handler listens (src/main.tsx).
 */
import { isTypingTarget, shortcutFor } from '../shortcuts';

const held: KeyboardEventInit[] = [];

function hold(event: KeyboardEvent): void {
  if (!shortcutFor(event, isTypingTarget(event.target))) return;
  event.preventDefault();
  const { key, code, ctrlKey, metaKey, altKey, shiftKey } = event;
  held.push({ key, code, ctrlKey, metaKey, altKey, shiftKey, bubbles: true, cancelable: true });
}

export function holdEarlyKeys(): void {
  window.addEventListener('keydown', hold);
}

/** Stops holding and hands what was held, in order, to whoever listens on window now. */
export function replayEarlyKeys(): void {
  window.removeEventListener('keydown', hold);
  for (const init of held.splice(0)) window.dispatchEvent(new KeyboardEvent('keydown', init));
}
