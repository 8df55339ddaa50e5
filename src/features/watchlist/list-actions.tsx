/**
 * Managing the active list: new, rename (inline), delete (after a confirmation), moving it
 * left or right among the tabs, saving it as CSV, importing symbols and choosing the columns. A toolbar: one Tab stop, ←/→ (Home/End) between its buttons.
 * When the name field or the confirmation closes, focus goes back to the button that opened it.
 */
import { t } from '../../i18n/t';
import { Suspense, useEffect, useRef, useState, type ButtonHTMLAttributes, type KeyboardEvent } from 'react';
import { lazyWithPreload, preloadOnIntent } from '../../components/lazy-with-preload';
import { useAppServices } from '../../queries/app-services-context';
import { useLiveTickerFeed } from '../../realtime/hooks';
import { useAppStore } from '../../store/app-store';
import type { Watchlist } from '../../store/watchlists-slice';
import { nextRovingIndex } from '../../lib/roving';
import { listName } from '../../store/watchlist-name';
// In the watchlist's own chunk (itself loaded after the first candle), not a chunk of their own:
// "+ New list" puts the caret in the name field at once, and a name typed while a separate chunk
// downloaded would lose its first letters. Together they weigh under 1 KiB.
import { DeleteConfirmation } from './delete-confirmation';
import { RenameField } from './rename-field';

// The CSV export's module loads on the click (or pointer intent): it takes no typing.
const loadExport = () => import('./export-watchlist');

// Loaded on the click (or pointer intent): the chooser and the dialog take no typing at once.
const ColumnChooser = lazyWithPreload(() => import('./column-chooser').then((module) => module.ColumnChooser));
const ImportDialog = lazyWithPreload(() => import('./import-dialog').then((module) => module.ImportDialog));

type Opener = 'new' | 'rename' | 'delete' | 'columns' | 'import';
type Mode =
  | { kind: 'idle' }
  | { kind: 'rename'; listId: string; opener: Opener }
  | { kind: 'delete'; listId: string }
  | { kind: 'columns' }
  | { kind: 'import'; listId: string };

const BUTTON =
  'rounded px-1.5 py-0.5 text-xs text-slate-500 hover:bg-slate-100 hover:text-slate-800 disabled:opacity-30 disabled:hover:bg-transparent focus-visible:outline-2 focus-visible:outline-sky-500 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-slate-100';

/** One of the toolbar's buttons: its place in the roving Tab order (`stop`: the place holding the Tab stop). */
function ActionButton({ position, stop, action, ...props }: ButtonHTMLAttributes<HTMLButtonElement> & { position: number; stop: number; action?: Opener }) {
  return <button type="button" data-action={action} data-position={position} tabIndex={position === stop ? 0 : -1} className={BUTTON} {...props} />;
}

interface ListActionsProps {
  lists: readonly Watchlist[];
  active: Watchlist | undefined;
}

export function ListActions({ lists, active }: ListActionsProps) {
  const [mode, setMode] = useState<Mode>({ kind: 'idle' });
  /** The button to focus once the toolbar is back, if the field or confirmation had focus. */
  const [returnTo, setReturnTo] = useState<Opener | undefined>(undefined);
  /** The toolbar's Tab stop: the button last focused. */
  const [current, setCurrent] = useState(0);
  const toolbar = useRef<HTMLDivElement>(null);
  const index = active ? lists.indexOf(active) : -1;
  const { queryClient, feed: market } = useAppServices();
  const feed = useLiveTickerFeed();

  const done = (opener: Opener) => () => {
    setMode({ kind: 'idle' });
    setReturnTo(opener);
  };
  const create = () => {
    const listId = useAppStore.getState().createWatchlist(t('List {n}', { n: lists.length + 1 }));
    setMode({ kind: 'rename', listId, opener: 'new' });
  };

  useEffect(() => {
    if (returnTo === undefined || !toolbar.current) return;
    setReturnTo(undefined);
    // Only when focus was lost with the closed part (on the body): a click elsewhere keeps its focus.
    const focused = document.activeElement;
    if (focused !== null && focused !== document.body) return;
    toolbar.current.querySelector<HTMLButtonElement>(`[data-action="${returnTo}"]`)?.focus();
  }, [returnTo, mode]);

  if (active && mode.kind === 'rename' && mode.listId === active.id) {
    return <RenameField list={active} onDone={done(mode.opener)} />;
  }
  if (active && mode.kind === 'delete' && mode.listId === active.id) {
    return <DeleteConfirmation list={active} onDone={done('delete')} />;
  }

  const buttons = () => [...(toolbar.current?.querySelectorAll<HTMLButtonElement>('button:not(:disabled)') ?? [])];
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const all = buttons();
    const from = all.indexOf(event.target as HTMLButtonElement);
    const to = nextRovingIndex(event.key, from, all.length, 'horizontal');
    if (to === undefined) return;
    event.preventDefault();
    all[to]?.focus();
  };
  const canMoveLeft = index > 0;
  const canMoveRight = index >= 0 && index < lists.length - 1;
  // The Tab stop is the button last focused, or New list when that one is gone or disabled.
  const canExport = active !== undefined && active.symbols.length > 0;
  const usable = [true, active !== undefined, active !== undefined, canMoveLeft, canMoveRight, canExport, true, active !== undefined];
  const stop = usable[current] ? current : 0;

  return (
    <>
      <div
        ref={toolbar}
        role="toolbar"
        aria-label={t('List actions')}
        onKeyDown={onKeyDown}
        onFocus={(event) => {
          const position = Number((event.target as HTMLElement).dataset.position);
          if (Number.isInteger(position)) setCurrent(position);
        }}
        className="flex flex-wrap items-center gap-0.5 px-2 py-1"
      >
        {/* A new list opens the name field at once. */}
        <ActionButton action="new" position={0} stop={stop} onClick={create}>
          + {t('New list')}
        </ActionButton>
        {active && (
          <>
            <ActionButton
              action="rename"
              position={1}
              stop={stop}
              aria-label={t('Rename {name}', { name: listName(active) })}
              onClick={() => {
                setMode({ kind: 'rename', listId: active.id, opener: 'rename' });
              }}
            >
              {t('Rename')}
            </ActionButton>
            <ActionButton
              action="delete"
              position={2}
              stop={stop}
              aria-label={t('Delete {name}', { name: listName(active) })}
              onClick={() => {
                setMode({ kind: 'delete', listId: active.id });
              }}
            >
              {t('Delete')}
            </ActionButton>
            <ActionButton
              position={3}
              stop={stop}
              aria-label={t('Move {name} left', { name: listName(active) })}
              disabled={!canMoveLeft}
              onClick={() => {
                useAppStore.getState().moveWatchlist(active.id, index - 1);
              }}
            >
              ←
            </ActionButton>
            <ActionButton
              position={4}
              stop={stop}
              aria-label={t('Move {name} right', { name: listName(active) })}
              disabled={!canMoveRight}
              onClick={() => {
                useAppStore.getState().moveWatchlist(active.id, index + 1);
              }}
            >
              →
            </ActionButton>
            <ActionButton
              position={5}
              stop={stop} // The visible words first, then which list (a spoken command can use what the button shows).
              aria-label={t('Export CSV: {name}', { name: listName(active) })}
              disabled={!canExport}
              onPointerEnter={() => void loadExport().catch(() => undefined)}
              onClick={() => {
                const typeOf = (symbol: string) => useAppStore.getState().symbolTypes[symbol];
                loadExport().then(
                  ({ exportWatchlist }) => {
                    exportWatchlist(active, { queryClient, source: market.source, feed, typeOf });
                  },
                  () => {
                    useAppStore
                      .getState()
                      .pushNotice('warning', () =>
                        t('{name} could not be exported: the export did not load (offline?). Try again.', { name: listName(active) }),
                      );
                  },
                );
              }}
            >
              {t('Export CSV')}
            </ActionButton>
          </>
        )}
        <ActionButton
          action="columns"
          position={6}
          stop={stop}
          aria-expanded={mode.kind === 'columns'}
          {...preloadOnIntent(ColumnChooser.preload)}
          onClick={() => {
            setMode(mode.kind === 'columns' ? { kind: 'idle' } : { kind: 'columns' });
          }}
        >
          {t('Columns')}
        </ActionButton>
        {active && (
          <ActionButton
            action="import"
            position={7}
            stop={stop}
            aria-label={t('Import symbols into {name}', { name: listName(active) })}
            {...preloadOnIntent(ImportDialog.preload)}
            onClick={() => {
              setMode({ kind: 'import', listId: active.id });
            }}
          >
            {t('Import…')}
          </ActionButton>
        )}
      </div>
      <Suspense fallback={null}>
        {mode.kind === 'columns' && <ColumnChooser.Component onDone={done('columns')} />}
        {active && mode.kind === 'import' && mode.listId === active.id && <ImportDialog.Component list={active} onClose={done('import')} />}
      </Suspense>
    </>
  );
}
