/**
 * The watchlists panel: the named lists as tabs with their management, then the active list's
 * rows with live quotes (each row its own batched ticker query) and an "Add symbol" box. The
 * rows are one Tab stop (the row last focused, else the open symbol's, else the first); keys
 * move inside (watchlist-keys). The rows show the columns the user chose, sorted by one of them
 * or in the user's order (dragged, or Alt+↑/↓); a deletion offers Undo for a while.
 */
import { t } from '../../i18n/t';
import { Suspense, useCallback, useId, useState } from 'react';
import { lazyWithPreload } from '../../components/lazy-with-preload';
import { useWatchlistView } from '../../store/watchlist-view';
import { useAppStore } from '../../store/app-store';
import { AddSymbolForm } from './add-symbol-form';
import { listName } from '../../store/watchlist-name';
import { ListActions } from './list-actions';
import { WatchlistRow } from './watchlist-row';
import { onWatchlistKeyDown } from './watchlist-keys';
import { WatchlistTabs } from './watchlist-tabs';
import { SortHeader } from './sort-header';
import { useUndoOffer } from './undo-offer';
import { useRowOrder } from './use-row-order';

// Loaded once something is deleted.
const UndoToast = lazyWithPreload(() => import('./undo-toast').then((module) => module.UndoToast)).Component;

export function WatchlistPanel() {
  const lists = useAppStore((state) => state.watchlists);
  const activeId = useAppStore((state) => state.activeWatchlistId);
  const selectWatchlist = useAppStore((state) => state.selectWatchlist);
  const baseId = useId();
  const tabId = useCallback((listId: string) => `${baseId}-tab-${listId}`, [baseId]);
  const panelId = `${baseId}-panel`;
  const active = lists.find((list) => list.id === activeId);
  const current = useAppStore((state) => state.workspace.symbol);
  const [focused, setFocused] = useState<string | undefined>(undefined);
  const symbols = active?.symbols ?? [];
  const tabStop = [focused, current].find((symbol) => symbol !== undefined && symbols.includes(symbol)) ?? symbols[0];
  const hintId = `${baseId}-keys`;
  const columns = useWatchlistView((state) => state.columns);
  const sort = useWatchlistView((state) => state.sort);
  const { order, refresh } = useRowOrder(symbols, sort, columns);
  const undo = useUndoOffer((state) => state.offer);

  return (
    <div className="relative flex h-full min-h-0 flex-col">
      {lists.length > 0 && <WatchlistTabs lists={lists} activeId={activeId} panelId={panelId} tabId={tabId} onSelect={selectWatchlist} />}
      <ListActions lists={lists} active={active} />
      {undo && (
        <Suspense fallback={null}>
          <UndoToast key={undo.id} offer={undo} />
        </Suspense>
      )}
      {active ? (
        <div id={panelId} role="tabpanel" aria-labelledby={tabId(active.id)} className="flex min-h-0 flex-1 flex-col">
          <AddSymbolForm key={active.id} listId={active.id} listName={listName(active)} symbols={active.symbols} />
          {active.symbols.length === 0 ? (
            <p className="px-3 py-4 text-sm text-slate-500 dark:text-slate-400">{t('No symbols yet. Add one above, or from search (Ctrl+K).')}</p>
          ) : (
            <>
              <SortHeader columns={columns} />
              <p id={hintId} hidden>
                {t('Arrow keys move between symbols and their buttons; Enter opens; Delete removes; Alt+Arrow up or down moves the symbol.')}
              </p>
              {/* The rows' controls take the keys; the list only hears them bubble up. */}
              {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions */}
              <ol
                aria-label={t('Symbols in {name}', { name: listName(active) })}
                className="relative min-h-0 flex-1 overflow-y-auto"
                onKeyDown={(event) => {
                  onWatchlistKeyDown(event, active.id, sort === undefined);
                }}
                onFocus={(event) => {
                  setFocused((event.target as HTMLElement).closest<HTMLElement>('li[data-symbol]')?.dataset.symbol);
                }}
              >
                {order.map((symbol, index) => (
                  <WatchlistRow
                    key={symbol}
                    listId={active.id}
                    symbol={symbol}
                    // Sorted, the order is the sort's: nothing to move up or down.
                    isFirst={sort !== undefined || index === 0}
                    isLast={sort !== undefined || index === order.length - 1}
                    tabbable={symbol === tabStop}
                    hintId={hintId}
                    columns={columns}
                    draggable={sort === undefined}
                    refresh={refresh}
                  />
                ))}
              </ol>
            </>
          )}
        </div>
      ) : (
        <p className="px-3 py-4 text-sm text-slate-500 dark:text-slate-400">{t('No watchlists. Create one with “New list”.')}</p>
      )}
    </div>
  );
}
