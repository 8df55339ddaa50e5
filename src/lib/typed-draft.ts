/**
 * Text typed while no field shows it yet (a search opening, a dialog loading): the holders of
 * those keys (search/palette-draft-holder, lib/keys-while-opening) edit it as a field would, key by
 * key, and hand it to the field once one shows.
 */
import type { KeyLike } from './key-press';

/**
 * Longest a draft waits for its field: a dialog's chunk on a slow phone's network, or a busy
 * machine, takes seconds (3 s ran out under 6× throttling on a loaded 2-core machine). The user
 * going elsewhere ends the holding sooner.
 */
export const DRAFT_WAIT_MS = 10_000;

/** What was typed, and whether Enter was pressed after it. */
export interface TypedDraft {
  readonly text: string;
  readonly enter: boolean;
}

/**
 * `draft` after `key`: a character appended, Backspace taking the last one, Enter pressed. A key
 * typed after Enter takes the Enter back (it was pressed on other text than the field will hold).
 * 'escape' for Escape (the opening abandoned); undefined for a key that types nothing (a chord, a
 * composition under way, an arrow).
 */
export function typeIntoDraft(draft: TypedDraft, key: KeyLike & { isComposing?: boolean }): TypedDraft | 'escape' | undefined {
  if (key.ctrlKey || key.metaKey || key.altKey || key.isComposing) return undefined;
  if (key.key === 'Escape') return 'escape';
  if (key.key === 'Enter') return { text: draft.text, enter: true };
  if (key.key === 'Backspace') return { text: draft.text.slice(0, -1), enter: false };
  if (key.key.length === 1) return { text: draft.text + key.key, enter: false };
  return undefined;
}

/** A draft with nothing typed yet. */
export const NOTHING_TYPED: TypedDraft = { text: '', enter: false };

/** Whether `key` edits a draft: it types, deletes, or presses Enter or Escape. */
export const editsDraft = (key: KeyLike & { isComposing?: boolean }): boolean => typeIntoDraft(NOTHING_TYPED, key) !== undefined;
