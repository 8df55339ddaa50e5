/**
 * The search palette's opening and closing, and the keys typed between a search shortcut and the
 * commit that shows and focuses the search field. In that window the keys reach the page, not a
 * field (a replayed early shortcut opens the search in a render React schedules as a task, and
 * the browser dispatches waiting keys before it); they are typed into the draft, which the field
 * starts from (features/search/palette-draft-holder.ts).
 */
import { useCallback, useRef, useState, type RefObject } from 'react';
import type { PaletteDraftHolder } from '../features/search/palette-draft-holder';
import { takeSearchDraft } from './boot/early-keys';

export interface SearchOpening {
  /** The open search's draft; undefined while the search is closed. */
  draft: PaletteDraftHolder | undefined;
  /** Opens the search with `typed` in it (the letter that opened it), or keeps the open one. */
  open: (typed?: string) => void;
  close: () => void;
  /** The draft from the request to open on (the state's comes a render later): it takes the keys pressed before a field shows it. */
  opening: RefObject<PaletteDraftHolder | undefined>;
}

/** `onOpen`: runs at each request to open (the palette's code and the catalogue start loading). */
export function useSearchOpening(onOpen: () => void): SearchOpening {
  const [draft, setDraft] = useState<PaletteDraftHolder | undefined>(undefined);
  const opening = useRef<PaletteDraftHolder | undefined>(undefined);
  const open = useCallback(
    (typed = '') => {
      onOpen();
      // Open already: Ctrl+K again keeps what is typed (a letter was typed into the draft, or its field).
      if (opening.current) return;
      // Text typed after a shortcut pressed before the app was there comes along; it holds the
      // letter that opened the search then, else `typed` is that letter.
      const next = takeSearchDraft(typed);
      opening.current = next;
      setDraft(next);
    },
    [onOpen],
  );
  const close = useCallback(() => {
    opening.current = undefined;
    setDraft(undefined);
  }, []);
  return { draft, open, close, opening };
}
