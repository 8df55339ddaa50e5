/**
 * Inline renaming of a list: Enter or leaving the field saves, Escape cancels. A name another
 * list has (ignoring case) is refused in words, and the field stays open to change it.
 */
import { t } from '../../i18n/t';
import { useEffect, useId, useRef, useState } from 'react';
import { useAppStore } from '../../store/app-store';
import type { Watchlist } from '../../store/watchlists-slice';
import { listName } from '../../store/watchlist-name';

export const MAX_NAME_LENGTH = 60;

export function RenameField({ list, onDone }: { list: Watchlist; onDone: () => void }) {
  const [name, setName] = useState(listName(list));
  const [taken, setTaken] = useState<string | undefined>(undefined);
  const input = useRef<HTMLInputElement>(null);
  const errorId = useId();
  const finished = useRef(false);
  useEffect(() => {
    input.current?.focus();
    input.current?.select();
  }, []);

  const finish = (save: boolean) => {
    if (finished.current) return;
    const wanted = name.slice(0, MAX_NAME_LENGTH);
    if (save && useAppStore.getState().renameWatchlist(list.id, wanted) === 'taken') {
      setTaken(wanted.trim());
      return;
    }
    finished.current = true;
    onDone();
  };

  return (
    <form
      className="flex flex-wrap items-center gap-1 px-2 py-1"
      onSubmit={(event) => {
        event.preventDefault();
        finish(true);
      }}
    >
      <input
        ref={input}
        aria-label={t('List name')}
        aria-invalid={taken !== undefined}
        aria-describedby={taken !== undefined ? errorId : undefined}
        value={name}
        maxLength={MAX_NAME_LENGTH}
        onChange={(event) => {
          setName(event.target.value);
          setTaken(undefined);
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
        className={`min-w-0 flex-1 rounded border bg-transparent px-1.5 py-0.5 text-sm focus:outline-none ${taken !== undefined ? 'border-amber-500' : 'border-sky-500'}`}
      />
      <button type="submit" className="rounded px-1.5 py-0.5 text-xs text-sky-700 hover:bg-sky-100 dark:text-sky-300 dark:hover:bg-sky-900/50">
        {t('Save')}
      </button>
      {taken !== undefined && (
        <p id={errorId} role="alert" className="basis-full text-xs text-amber-700 dark:text-amber-300">
          {t('A list named “{taken}” already exists; choose another name (Escape keeps “{name}”).', { taken, name: listName(list) })}
        </p>
      )}
    </form>
  );
}
