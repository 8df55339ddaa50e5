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

/** Focus inside a modal dialog (the search, the alert dialog, the indicator picker): its keys are its own. */
export function isInModal(target: EventTarget | null): boolean {
  return typeof Element !== 'undefined' && target instanceof Element && target.closest('[aria-modal="true"]') !== null;
}

/**
 * Keys pressed here are not the page's commands: typed into a field, or pressed in a modal dialog
 * (a Delete on its button removed the chart's selected drawing behind it, Shift+F filled the screen).
 */
export function keysAreNotThePages(target: EventTarget | null): boolean {
  return isTypingTarget(target) || isInModal(target);
}
