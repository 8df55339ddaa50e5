/** What the app's shortcuts and the drawing keys read of a key press, and whether it was typing. */

export interface KeyLike {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
}

/**
 * Inputs that take no typing: a click on a toggle group (Adjust, the scale, the time zone: radios)
 * or a checkbox leaves focus on one, and the page's keys (intervals, a ticker typed on the chart)
 * must still work.
 */
const KEYLESS_INPUTS = new Set(['radio', 'checkbox', 'button', 'submit', 'reset', 'range', 'color', 'file', 'image']);

/** Focus in a text field, a select or editable content: keys pressed there are the user's typing, not commands. */
export function isTypingTarget(target: EventTarget | null): boolean {
  // No elements outside a browser (unit tests in Node).
  if (typeof HTMLElement === 'undefined' || !(target instanceof HTMLElement)) return false;
  if (target instanceof HTMLInputElement) return !KEYLESS_INPUTS.has(target.type);
  return target.isContentEditable || ['TEXTAREA', 'SELECT'].includes(target.tagName);
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
