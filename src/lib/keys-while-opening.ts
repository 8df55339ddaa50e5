/**
 * Keys typed while a dialog or popup opens: its code loads on demand, 100–300 ms after the click
 * on a quiet desktop and longer on a busy one, and meanwhile the page's own keys took what the
 * user typed for the dialog ("rsi" after Indicators… opened RSIC.US; digits switched the interval).
 * The opener calls holdKeysWhileOpening; the typing keys are held from then on (the page never
 * sees them) and typed into the text field that takes focus when the dialog shows, an Enter
 * pressed after them acting there. A dialog that focuses no text field (or none within DRAFT_WAIT_MS)
 * ends the holding; what was held then had nowhere to go. So does the user going elsewhere
 * meanwhile (a press outside any dialog, a field outside one taking focus): the keys typed there
 * are that field's. So does a download failing (offline): no dialog comes, and the page's keys
 * work again at once, not after DRAFT_WAIT_MS of keys that go nowhere.
 */
import { isTypingTarget } from './key-press';
import { DOWNLOAD_FAILED_EVENT } from './page-events';
import { DRAFT_WAIT_MS, NOTHING_TYPED, typeIntoDraft, type TypedDraft } from './typed-draft';

interface Held {
  draft: TypedDraft;
  timer: ReturnType<typeof setTimeout>;
}

let held: Held | undefined;

const DIALOG = '[role="dialog"], [aria-modal="true"]';

function onKeyDown(event: KeyboardEvent): void {
  if (!held) return;
  const next = typeIntoDraft(held.draft, event);
  if (next === undefined) return;
  if (next === 'escape') {
    stopHolding();
    return;
  }
  held.draft = next;
  event.preventDefault();
  event.stopImmediatePropagation();
}

/** A press outside any dialog: the user went elsewhere before the dialog showed. */
function onPointerDown(event: PointerEvent): void {
  if (event.target instanceof Element && event.target.closest(DIALOG)) return;
  stopHolding();
}

function onFocusIn(event: FocusEvent): void {
  const target = event.target;
  if (!held || !(target instanceof Element)) return;
  const field = (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement) && isTypingTarget(target) ? target : undefined;
  // Focus passing to a button meanwhile (a folded toolbar closing onto its button) is not the
  // dialog; a field outside any dialog is the user's choice, and a modal dialog that takes focus
  // without a field is the dialog: both end the holding.
  const opened = field ? field.closest(DIALOG) : target.closest('[aria-modal="true"]');
  if (!opened) {
    if (field) stopHolding();
    return;
  }
  const { text, enter } = held.draft;
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
  window.removeEventListener('pointerdown', onPointerDown, true);
  document.removeEventListener('focusin', onFocusIn, true);
  window.removeEventListener(DOWNLOAD_FAILED_EVENT, stopHolding);
}

/** From now until the opening dialog focuses a field (or DRAFT_WAIT_MS), typing keys are held for it. */
export function holdKeysWhileOpening(): void {
  stopHolding();
  held = { draft: NOTHING_TYPED, timer: setTimeout(stopHolding, DRAFT_WAIT_MS) };
  window.addEventListener('keydown', onKeyDown, true);
  window.addEventListener('pointerdown', onPointerDown, true);
  document.addEventListener('focusin', onFocusIn, true);
  window.addEventListener(DOWNLOAD_FAILED_EVENT, stopHolding);
}
