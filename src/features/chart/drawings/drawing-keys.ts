/**
 * The drawing keys: Esc cancels, Delete or Backspace removes the selection, Ctrl/Cmd+Z undoes,
 * Shift+Ctrl/Cmd+Z or Ctrl/Cmd+Y redoes. None while the user types in a field or is in a modal dialog. The app's own
 * shortcuts (digits, /, Ctrl+K, Alt+digit) use none of these keys.
 */
import { keysAreNotThePages, type KeyLike } from '../../../lib/key-press';

export type DrawingKeyAction = 'cancel' | 'delete' | 'undo' | 'redo';

interface DrawingKey extends KeyLike {
  target: EventTarget | null;
  /** Handled already (the watchlist's Delete removes its focused row, a dialog's Esc closes it). */
  defaultPrevented?: boolean;
}

export function drawingKeyAction(event: DrawingKey): DrawingKeyAction | undefined {
  if (event.defaultPrevented === true || keysAreNotThePages(event.target) || event.altKey) return undefined;
  const command = event.ctrlKey || event.metaKey;
  const key = event.key.toLowerCase();
  if (command && key === 'z') return event.shiftKey ? 'redo' : 'undo';
  if (command && key === 'y') return 'redo';
  if (command) return undefined;
  if (event.key === 'Escape') return 'cancel';
  if (event.key === 'Delete' || event.key === 'Backspace') return 'delete';
  return undefined;
}
