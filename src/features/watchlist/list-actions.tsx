/**
 * Managing the active list: new, rename (inline), delete (after a confirmation), and moving it
 * left or right among the tabs.
 */
import { Suspense, useState } from 'react';
import { lazyWithPreload, preloadOnIntent } from '../../components/lazy-with-preload';
import { useAppStore } from '../../store/app-store';
import type { Watchlist } from '../../store/watchlists-slice';

// Rename and delete load when first asked for (or pointed at): they are not part of the first screen.
const rename = lazyWithPreload(() => import('./rename-field').then((m) => m.RenameField));
const deletion = lazyWithPreload(() => import('./delete-confirmation').then((m) => m.DeleteConfirmation));
const RenameField = rename.Component;
const DeleteConfirmation = deletion.Component;

type Mode = { kind: 'idle' } | { kind: 'rename'; listId: string } | { kind: 'delete'; listId: string };

const BUTTON =
  'rounded px-1.5 py-0.5 text-xs text-slate-500 hover:bg-slate-100 hover:text-slate-800 disabled:opacity-30 disabled:hover:bg-transparent focus-visible:outline-2 focus-visible:outline-sky-500 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-slate-100';

interface ListActionsProps {
  lists: readonly Watchlist[];
  active: Watchlist | undefined;
}

export function ListActions({ lists, active }: ListActionsProps) {
  const [mode, setMode] = useState<Mode>({ kind: 'idle' });
  const idle = () => {
    setMode({ kind: 'idle' });
  };
  const index = active ? lists.indexOf(active) : -1;
  const create = () => {
    const listId = useAppStore.getState().createWatchlist(`List ${String(lists.length + 1)}`);
    setMode({ kind: 'rename', listId });
  };

  if (active && mode.kind === 'rename' && mode.listId === active.id) {
    return (
      <Suspense fallback={null}>
        <RenameField list={active} onDone={idle} />
      </Suspense>
    );
  }
  if (active && mode.kind === 'delete' && mode.listId === active.id) {
    return (
      <Suspense fallback={null}>
        <DeleteConfirmation list={active} onDone={idle} />
      </Suspense>
    );
  }
  return (
    <div role="toolbar" aria-label="List actions" className="flex flex-wrap items-center gap-0.5 px-2 py-1">
      {/* A new list opens the name field at once. */}
      <button type="button" className={BUTTON} onClick={create} {...preloadOnIntent(rename.preload)}>
        + New list
      </button>
      {active && (
        <>
          <button type="button" className={BUTTON} aria-label={`Rename ${active.name}`} {...preloadOnIntent(rename.preload)} onClick={() => { setMode({ kind: 'rename', listId: active.id }); }}>
            Rename
          </button>
          <button type="button" className={BUTTON} aria-label={`Delete ${active.name}`} {...preloadOnIntent(deletion.preload)} onClick={() => { setMode({ kind: 'delete', listId: active.id }); }}>
            Delete
          </button>
          <button
            type="button"
            className={BUTTON}
            aria-label={`Move ${active.name} left`}
            disabled={index <= 0}
            onClick={() => { useAppStore.getState().moveWatchlist(active.id, index - 1); }}
          >
            ←
          </button>
          <button
            type="button"
            className={BUTTON}
            aria-label={`Move ${active.name} right`}
            disabled={index < 0 || index >= lists.length - 1}
            onClick={() => { useAppStore.getState().moveWatchlist(active.id, index + 1); }}
          >
            →
          </button>
        </>
      )}
    </div>
  );
}
