/**
 * The drawing keys: Esc cancels, Delete or Backspace removes the selection, Ctrl/Cmd+Z undoes,
 * Shift+Ctrl/Cmd+Z or Ctrl/Cmd+Y redoes. None while the user types in a field. The app's own
 * shortcuts (digits, /, Ctrl+K, Alt+digit) use none of these keys.
 */

export type DrawingKeyAction = 'cancel' | 'delete' | 'undo' | 'redo';

interface KeyLike {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
  target: EventTarget | null;
  /** Handled already (the watchlist's Delete removes its focused row, a dialog's Esc closes it). */
  defaultPrevented?: boolean;
}

function isTyping(target: EventTarget | null): boolean {
  if (typeof HTMLElement === 'undefined' || !(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

export function drawingKeyAction(event: KeyLike): DrawingKeyAction | undefined {
  if (event.defaultPrevented === true || isTyping(event.target) || event.altKey) return undefined;
  const command = event.ctrlKey || event.metaKey;
  const key = event.key.toLowerCase();
  if (command && key === 'z') return event.shiftKey ? 'redo' : 'undo';
  if (command && key === 'y') return 'redo';
  if (command) return undefined;
  if (event.key === 'Escape') return 'cancel';
  if (event.key === 'Delete' || event.key === 'Backspace') return 'delete';
  return undefined;
}
