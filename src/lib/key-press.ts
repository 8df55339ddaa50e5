/** What the app's shortcuts and the drawing keys read of a key press, and whether it was typing. */

export interface KeyLike {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
}

/** Focus in a text field, a select or editable content: keys pressed there are the user's typing, not commands. */
export function isTypingTarget(target: EventTarget | null): boolean {
  // No elements outside a browser (unit tests in Node).
  if (typeof HTMLElement === 'undefined' || !(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}
