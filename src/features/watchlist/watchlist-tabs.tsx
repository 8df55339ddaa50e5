/**
 * The named lists as tabs (WAI-ARIA tabs: ←/→, Home/End move between lists and select them).
 * Only the active tab is in the Tab order; its panel is `panelId`.
 */
import { t } from '../../i18n/t';
import type { Watchlist } from '../../store/watchlists-slice';
import { listName } from '../../store/watchlist-name';
import { onTabListKey } from '../../lib/roving';

interface WatchlistTabsProps {
  lists: readonly Watchlist[];
  activeId: string;
  panelId: string;
  tabId: (listId: string) => string;
  onSelect: (listId: string) => void;
}

export function WatchlistTabs({ lists, activeId, panelId, tabId, onSelect }: WatchlistTabsProps) {
  return (
    <div role="tablist" aria-label={t('Watchlists')} className="flex flex-wrap gap-1 px-2 pt-2">
      {lists.map((list, index) => {
        const selected = list.id === activeId;
        return (
          <button
            key={list.id}
            id={tabId(list.id)}
            type="button"
            role="tab"
            aria-selected={selected}
            aria-controls={selected ? panelId : undefined}
            tabIndex={selected ? 0 : -1}
            onClick={() => {
              onSelect(list.id);
            }}
            onKeyDown={(event) => {
              onTabListKey(event, index, lists, (next) => {
                onSelect(next.id);
              });
            }}
            className={`max-w-40 truncate rounded px-2 py-0.5 text-xs focus-visible:outline-2 focus-visible:outline-sky-500 ${
              selected
                ? 'bg-sky-700 font-semibold text-white dark:bg-sky-500 dark:text-slate-950'
                : 'bg-slate-100 text-slate-600 hover:bg-slate-200 dark:bg-slate-800 dark:text-slate-300 dark:hover:bg-slate-700'
            }`}
          >
            {listName(list)}
          </button>
        );
      })}
    </div>
  );
}
