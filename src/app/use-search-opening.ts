/**
 * The search palette's opening and closing, and the keys typed between a search shortcut and the
 * commit that shows and focuses the search field. In that window the keys reach the page, not a
 * field (a replayed early shortcut opens the search in a render React schedules as a task, and
 * the browser dispatches waiting keys before it); they are typed into the draft, which the field
 * starts from (features/search/palette-draft-holder.ts).
 */
import { useCallback, useRef, useState } from 'react';
import { createPaletteDraft, type PaletteDraftHolder } from '../features/search/palette-draft-holder';
import type { KeyLike } from '../lib/key-press';
import { takeEarlySearchDraft } from './boot/early-keys';

export interface SearchOpening {
  /** The open search's draft; undefined while the search is closed. */
  draft: PaletteDraftHolder | undefined;
  /** Opens the search with `typed` in it (the letter that opened it), or keeps the open one. */
  open: (typed?: string) => void;
  close: () => void;
  /** A key pressed on the page while the search opens and no field shows it yet: true when typed in. */
  typeKey: (key: KeyLike & { isComposing?: boolean }) => boolean;
}

/** `onOpen`: runs at each request to open (the palette's code and the catalogue start loading). */
export function useSearchOpening(onOpen: () => void): SearchOpening {
  const [draft, setDraft] = useState<PaletteDraftHolder | undefined>(undefined);
  // The same draft, current between the request to open and the render that shows it.
  const opening = useRef<PaletteDraftHolder | undefined>(undefined);
  const open = useCallback(
    (typed = '') => {
      onOpen();
      // Open already: Ctrl+K again keeps what is typed; a letter was typed in by typeKey.
      if (opening.current) return;
      // Text typed after a shortcut pressed before the app was there comes along (taken once,
      // here); it holds the letter that opened the search then, else `typed` is that letter.
      const next = takeEarlySearchDraft() ?? createPaletteDraft({ text: typed, enter: false });
      opening.current = next;
      setDraft(next);
    },
    [onOpen],
  );
  const close = useCallback(() => {
    opening.current = undefined;
    setDraft(undefined);
  }, []);
  const typeKey = useCallback((key: KeyLike & { isComposing?: boolean }) => opening.current?.typeKey(key) ?? false, []);
  return { draft, open, close, typeKey };
}
