/**
 * Keys typed while a dialog or popup opens: its code loads on demand, 100–300 ms after the click
 * on a quiet desktop and longer on a busy one, and meanwhile the page's own keys took what the
 * user typed for the dialog ("rsi" after Indicators… opened RSIC.US; digits switched the interval).
 * The opener calls holdKeysWhileOpening; the typing keys are held from then on (the page never
 * sees them) and typed into the text field that takes focus when the dialog shows, an Enter
 * pressed after them acting there. A dialog that focuses no text field (or none within HOLD_MS)
 * ends the holding; what was held then had nowhere to go.
 */
import { isTypingTarget } from './key-press';

/** Longest the keys wait for the dialog's field. */
const HOLD_MS = 3_000;

interface Held {
  text: string;
  enter: boolean;
  timer: ReturnType<typeof setTimeout>;
}

let held: Held | undefined;

function onKeyDown(event: KeyboardEvent): void {
  if (!held || event.ctrlKey || event.metaKey || event.altKey) return;
  if (event.key === 'Escape') {
    stopHolding();
    return;
  }
  if (event.key.length === 1) held.text += event.key;
  else if (event.key === 'Backspace') held.text = held.text.slice(0, -1);
  else if (event.key === 'Enter') held.enter = true;
  else return;
  event.preventDefault();
  event.stopImmediatePropagation();
}

function onFocusIn(event: FocusEvent): void {
  const target = event.target;
  if (!held || !(target instanceof Element)) return;
  const field = (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement) && isTypingTarget(target) ? target : undefined;
  // Focus passing elsewhere meanwhile (a folded toolbar closing onto its button) is not the dialog;
  // a modal dialog that takes focus without a field is, and ends the holding.
  const opened = field ? field.closest('[role="dialog"], [aria-modal="true"]') : target.closest('[aria-modal="true"]');
  if (!opened) return;
  const { text, enter } = held;
  stopHolding();
  if (!field) return;
  // After the focusing commit: the field's handlers are in place, and its owner's state is settled.
  queueMicrotask(() => {
    typeInto(field, text);
    if (enter)
      setTimeout(() => {
        pressEnter(field);
      }, 0);
  });
}

/** Enter on the field, as a key would press it: its handlers, then (not prevented) its form's submission. */
function pressEnter(field: HTMLInputElement | HTMLTextAreaElement): void {
  const enter = new KeyboardEvent('keydown', { key: 'Enter', code: 'Enter', bubbles: true, cancelable: true });
  if (field.dispatchEvent(enter) && field instanceof HTMLInputElement) field.form?.requestSubmit();
}

/** Types `text` at the field's selection, as typing would (its input event tells React). */
function typeInto(field: HTMLInputElement | HTMLTextAreaElement, text: string): void {
  if (text === '') return;
  try {
    field.setRangeText(text, field.selectionStart ?? field.value.length, field.selectionEnd ?? field.value.length, 'end');
  } catch {
    // A field without a selection (a date or a number field) takes no typed text.
    return;
  }
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

function stopHolding(): void {
  if (!held) return;
  clearTimeout(held.timer);
  held = undefined;
  window.removeEventListener('keydown', onKeyDown, true);
  document.removeEventListener('focusin', onFocusIn, true);
}

/** From now until the opening dialog focuses a field (or HOLD_MS), typing keys are held for it. */
export function holdKeysWhileOpening(): void {
  stopHolding();
  held = { text: '', enter: false, timer: setTimeout(stopHolding, HOLD_MS) };
  window.addEventListener('keydown', onKeyDown, true);
  document.addEventListener('focusin', onFocusIn, true);
}
