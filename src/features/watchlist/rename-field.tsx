/** Inline renaming of a list: Enter or leaving the field saves, Escape cancels. */
import { useEffect, useRef, useState } from 'react';
import { useAppStore } from '../../store/app-store';
import type { Watchlist } from '../../store/watchlists-slice';

export const MAX_NAME_LENGTH = 60;

export function RenameField({ list, onDone }: { list: Watchlist; onDone: () => void }) {
  const [name, setName] = useState(list.name);
  const input = useRef<HTMLInputElement>(null);
  const finished = useRef(false);
  useEffect(() => {
    input.current?.focus();
    input.current?.select();
  }, []);

  const finish = (save: boolean) => {
    if (finished.current) return;
    finished.current = true;
    if (save) useAppStore.getState().renameWatchlist(list.id, name.slice(0, MAX_NAME_LENGTH));
    onDone();
  };

  return (
    <form
      className="flex items-center gap-1 px-2 py-1"
      onSubmit={(event) => {
        event.preventDefault();
        finish(true);
      }}
    >
      <input
        ref={input}
        aria-label="List name"
        value={name}
        maxLength={MAX_NAME_LENGTH}
        onChange={(event) => {
          setName(event.target.value);
        }}
        onBlur={() => {
          finish(true);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.preventDefault();
            event.stopPropagation();
            finish(false);
          }
        }}
        className="min-w-0 flex-1 rounded border border-sky-500 bg-transparent px-1.5 py-0.5 text-sm focus:outline-none"
      />
      <button type="submit" className="rounded px-1.5 py-0.5 text-xs text-sky-700 hover:bg-sky-100 dark:text-sky-300 dark:hover:bg-sky-900/50">
        Save
      </button>
    </form>
  );
}
