/**
 * Which figures the rows show (last, change, change %, volume, turnover, extended hours): a set
 * of checkboxes under the list's toolbar, each change saved at once. Loaded on demand.
 */
import { t } from '../../i18n/t';
import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import { WATCHLIST_COLUMNS, useWatchlistView } from '../../store/watchlist-view';
import { columnName } from './column-names';

export function ColumnChooser({ onDone }: { onDone: () => void }) {
  const columns = useWatchlistView((state) => state.columns);
  const setColumns = useWatchlistView((state) => state.setColumns);
  const legendId = useId();
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => {
    first.current?.focus();
  }, []);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    onDone();
  };

  return (
    // Escape closes, from whichever checkbox has focus.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <fieldset aria-labelledby={legendId} onKeyDown={onKeyDown} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-2 py-1 text-xs">
      <legend id={legendId} className="sr-only">
        {t('Columns')}
      </legend>
      {WATCHLIST_COLUMNS.map((column, index) => (
        <label key={column} className="flex items-center gap-1">
          <input
            ref={index === 0 ? first : undefined}
            type="checkbox"
            checked={columns.includes(column)}
            onChange={(event) => {
              setColumns(event.target.checked ? [...columns, column] : columns.filter((shown) => shown !== column));
            }}
          />
          {columnName(column)}
        </label>
      ))}
      <button type="button" onClick={onDone} className="ml-auto rounded px-1.5 py-0.5 hover:bg-slate-100 dark:hover:bg-slate-800">
        {t('Done')}
      </button>
    </fieldset>
  );
}
