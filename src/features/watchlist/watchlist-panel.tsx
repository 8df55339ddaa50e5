/**
 * The watchlists panel: the named lists as tabs with their management, then the active list's
 * rows with live quotes (each row its own batched ticker query) and an "Add symbol" box. The
 * rows are one Tab stop (the row last focused, else the open symbol's, else the first); keys
 * move inside (watchlist-keys).
 */
import { t } from '../../i18n/t';
import { useCallback, useId, useState } from 'react';
import { useAppStore } from '../../store/app-store';
import { AddSymbolForm } from './add-symbol-form';
import { listName } from './list-name';
import { ListActions } from './list-actions';
import { WatchlistRow } from './watchlist-row';
import { onWatchlistKeyDown } from './watchlist-keys';
import { WatchlistTabs } from './watchlist-tabs';

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

  return (
    <div className="flex h-full min-h-0 flex-col">
      {lists.length > 0 && <WatchlistTabs lists={lists} activeId={activeId} panelId={panelId} tabId={tabId} onSelect={selectWatchlist} />}
      <ListActions lists={lists} active={active} />
      {active ? (
        <div id={panelId} role="tabpanel" aria-labelledby={tabId(active.id)} className="flex min-h-0 flex-1 flex-col">
          <AddSymbolForm key={active.id} listId={active.id} listName={listName(active)} symbols={active.symbols} />
          {active.symbols.length === 0 ? (
            <p className="px-3 py-4 text-sm text-slate-500 dark:text-slate-400">{t('No symbols yet. Add one above, or from search (Ctrl+K).')}</p>
          ) : (
            <>
              <p id={hintId} hidden>
                {t('Arrow keys move between symbols and their buttons; Enter opens; Delete removes; Alt+Arrow up or down moves the symbol.')}
              </p>
              {/* The rows' controls take the keys; the list only hears them bubble up. */}
              {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions */}
              <ol
                aria-label={t('Symbols in {name}', { name: listName(active) })}
                className="min-h-0 flex-1 overflow-y-auto"
                onKeyDown={(event) => {
                  onWatchlistKeyDown(event, active.id);
                }}
                onFocus={(event) => {
                  setFocused((event.target as HTMLElement).closest<HTMLElement>('li[data-symbol]')?.dataset.symbol);
                }}
              >
                {active.symbols.map((symbol, index) => (
                  <WatchlistRow
                    key={symbol}
                    listId={active.id}
                    symbol={symbol}
                    isFirst={index === 0}
                    isLast={index === active.symbols.length - 1}
                    tabbable={symbol === tabStop}
                    hintId={hintId}
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
