/**
 * Shortcut keys pressed before the app has mounted (it evaluates after the page's load event and
 * the early chart, ≈100–300 ms on a desktop), and before this script ran (the page's inline holder,
 * shared/early-keys-script.ts, held those): held here, with the browser's default prevented as
 * the app would, and dispatched again once the app's own handler listens (src/main.tsx); the
 * chart's view keys (Alt+G…) too, which its panel takes then. What is
 * typed after a held Ctrl+K or / (and an Enter), or from a letter on (a ticker typed on the page),
 * is kept as the search's draft: a replayed key event types nothing, so the palette takes the text
 * instead (takeSearchDraft).
 */
import { createPaletteDraft, type PaletteDraftHolder } from '../../features/search/palette-draft-holder';
import { isTypingTarget, shortcutFor } from '../shortcuts';
import { viewKeyAction } from '../../features/chart/view-key';

/** The held presses themselves: an event is a key event's init too (its key, code, modifiers, bubbles). */
let held: KeyboardEvent[] = [];
/** Set once a search shortcut is held: what is typed into the search that is not there yet. */
let searchDraft: PaletteDraftHolder | undefined;
/** Set once Alt+G is held: every key after it is held too, the date's (its dialog takes them, keys-while-opening). */
let dateTyped = false;

function hold(event: KeyboardEvent): void {
  if (searchDraft?.typeKey(event)) {
    event.preventDefault();
    // Escape: no search after all, nor the held key that asked for it.
    if (event.key === 'Escape') {
      searchDraft = undefined;
      held = held.filter((key) => shortcutFor(key, false)?.kind !== 'search');
    }
    return;
  }
  if (dateTyped) {
    event.preventDefault();
    held.push(event);
    return;
  }
  const typing = isTypingTarget(event.target);
  const action = shortcutFor(event, typing);
  // The chart's view keys (Alt+G…) too: the active chart's panel takes them (features/chart/view-tools-hold).
  const viewAction = typing ? undefined : viewKeyAction(event);
  if (!action && !viewAction) return;
  dateTyped = viewAction === 'date';
  // A letter that opened the search is its draft's first character.
  if (action?.kind === 'search') searchDraft ??= createPaletteDraft(action.text);
  event.preventDefault();
  held.push(event);
}

declare global {
  interface Window {
    /** What the page's inline holder held before this script ran, and its listener (shared/early-keys-script.ts). */
    chartroomKeys?: KeyboardEvent[] & { h?: (event: KeyboardEvent) => void };
  }
}

/** Holds from now on, and takes over, in order, what the page's inline holder held before. */
export function holdEarlyKeys(): void {
  const early = window.chartroomKeys;
  if (early?.h) window.removeEventListener('keydown', early.h);
  window.addEventListener('keydown', hold);
  for (const event of early?.splice(0) ?? []) hold(event);
}

/** Stops holding and hands what was held, in order, to whoever listens on window now. */
export function replayEarlyKeys(): void {
  window.removeEventListener('keydown', hold);
  dateTyped = false;
  for (const init of held.splice(0)) window.dispatchEvent(new KeyboardEvent('keydown', init));
}

/**
 * The draft of a search opened with `typed` in it (the letter that opened it, or nothing): what
 * was typed into it before the app was there, when a search shortcut was held (taken once), else
 * a new one. No field shows it yet: the app's shortcut handler types the keys that come until one
 * does (app/use-search-opening.ts).
 */
export function takeSearchDraft(typed: string): PaletteDraftHolder {
  const draft = searchDraft ?? createPaletteDraft(typed);
  searchDraft = undefined;
  return draft;
}
