/** "Delete list X and its N symbols?" — nothing is deleted until the user confirms (and Undo then offered). */
import { t } from '../../i18n/t';
import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import { useAppStore } from '../../store/app-store';
import type { Watchlist } from '../../store/watchlists-slice';
import { listName } from '../../store/watchlist-name';
import { offerUndo } from './undo-offer';

export function DeleteConfirmation({ list, onDone }: { list: Watchlist; onDone: () => void }) {
  const questionId = useId();
  const cancel = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    cancel.current?.focus();
  }, []);
  const count = list.symbols.length;
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onDone();
    }
  };

  return (
    <div role="group" aria-labelledby={questionId} className="flex flex-wrap items-center gap-2 px-2 py-1 text-xs">
      <p id={questionId} className="min-w-0 flex-1 text-slate-700 dark:text-slate-200">
        {count > 0 ? t('Delete “{name}” and its {count} symbols?', { name: listName(list), count }) : t('Delete “{name}”?', { name: listName(list) })}
      </p>
      <button
        type="button"
        onKeyDown={onKeyDown}
        onClick={() => {
          const { watchlists, deleteWatchlist } = useAppStore.getState();
          offerUndo({ kind: 'list', list, index: watchlists.findIndex(({ id }) => id === list.id) });
          deleteWatchlist(list.id);
          onDone();
        }}
        className="rounded bg-red-600 px-2 py-0.5 font-medium text-white hover:bg-red-700"
      >
        {t('Delete list')}
      </button>
      <button ref={cancel} type="button" onClick={onDone} onKeyDown={onKeyDown} className="rounded px-2 py-0.5 hover:bg-slate-100 dark:hover:bg-slate-800">
        {t('Cancel')}
      </button>
    </div>
  );
}
