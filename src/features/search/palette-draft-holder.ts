/**
 * The search's draft while no search field shows it yet: from a search shortcut (or a letter
 * typed on the page) to the commit that puts a field on screen and focuses it. Keys pressed in
 * that window reach the page, not a field: the boot's holder (app/boot/early-keys.ts) and the
 * app's shortcut handler (app/use-shortcuts.ts) type them in here, so none is lost, and the
 * field starts from it (the palette's stand-in, then the palette itself, read it at their commit).
 * No React: the boot's own chunk carries it.
 */
import type { KeyLike } from '../../lib/key-press';
import { typeIntoDraft } from '../../lib/typed-draft';

/** What was typed into the search before a field had it, and whether Enter was pressed on it. */
export interface PaletteDraftValue {
  text: string;
  enter: boolean;
}

/** One opening's draft, written as the user types (typing re-renders nothing above the stand-in). */
export interface PaletteDraftHolder {
  read: () => PaletteDraftValue;
  /** The stand-in's field holds `text` now. */
  type: (text: string) => void;
  /** Enter pressed in the stand-in's field. */
  enter: () => void;
  /**
   * A key pressed on the page while no field shows the draft yet: typed in (a character,
   * Backspace, Enter on some text), or Escape, which the caller takes as the search closed. True
   * when taken, and then the caller prevents its default.
   */
  typeKey: (key: KeyLike & { isComposing?: boolean }) => boolean;
  /** A field shows the draft from now on (focused at its commit): keys are the field's, typeKey takes none. */
  shown: () => void;
}

/** A draft starting from `text` (the letter that opened the search, or nothing). */
export function createPaletteDraft(text: string): PaletteDraftHolder {
  let value: PaletteDraftValue = { text, enter: false };
  let inAField = false;
  const holder: PaletteDraftHolder = {
    read: () => value,
    type: (text) => {
      value = { text, enter: false };
    },
    enter: () => {
      value = { ...value, enter: value.text.trim() !== '' };
    },
    typeKey: (key) => {
      const next = inAField ? undefined : typeIntoDraft(value, key);
      if (next === undefined) return false;
      if (next === 'escape') return true;
      if (next.enter) holder.enter();
      else holder.type(next.text);
      return true;
    },
    shown: () => {
      inAField = true;
    },
  };
  return holder;
}
