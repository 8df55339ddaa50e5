/**
 * The list's column headers: one per chosen figure, a click sorts by it (descending, ascending,
 * off), the sorted one marked with an arrow and aria-sort.
 */
import { t } from '../../i18n/t';
import { useWatchlistView, type SortColumn, type WatchlistColumn } from '../../store/watchlist-view';
import { columnName } from './column-names';
import { nextSort } from './watchlist-sort';

const ARROWS = { descending: '↓', ascending: '↑' } as const;

export function SortHeader({ columns }: { columns: readonly WatchlistColumn[] }) {
  const sort = useWatchlistView((state) => state.sort);
  const setSort = useWatchlistView((state) => state.setSort);
  const sortable = columns.filter((column): column is SortColumn => column !== 'extended');
  if (sortable.length === 0) return null;
  return (
    <div role="table" aria-label={t('Sort symbols')} className="border-b border-slate-100 px-2 py-0.5 dark:border-slate-800">
      <div role="row" className="flex flex-wrap justify-end gap-1">
        {sortable.map((column) => {
          const direction = sort?.column === column ? sort.direction : undefined;
          return (
            <span key={column} role="columnheader" aria-sort={direction ?? 'none'}>
              <button
                type="button"
                data-sort={column}
                onClick={() => {
                  setSort(nextSort(sort, column));
                }}
                className={`rounded px-1 text-xs hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-sky-500 dark:hover:bg-slate-800 ${
                  direction ? 'font-semibold text-sky-700 dark:text-sky-300' : 'text-slate-500 dark:text-slate-400'
                }`}
              >
                {columnName(column)}
                {direction && <span aria-hidden="true"> {ARROWS[direction]}</span>}
              </button>
            </span>
          );
        })}
      </div>
    </div>
  );
}
