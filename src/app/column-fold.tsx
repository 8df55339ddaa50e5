/**
 * Folding a side column away (wide screens only; below lg each column is a screen of its own):
 * the button in the column's title bar folds it, the slim handle left in its place brings it back.
 * Which is shown is decided in src/app/layout.css from the grid's `data-fold-*` attributes, so
 * the column's content stays mounted and the phone's screens ignore the choice. Loaded with the
 * panels beside the chart (the columns are empty until then), so none of it is first-page code.
 */
import { t } from '../i18n/t';
import { useAppStore } from '../store/app-store';
import type { SideColumnId } from '../store/preferences-slice';

const WORDS = {
  watchlists: { hide: 'Hide watchlists', show: 'Show watchlists', name: 'Watchlists' },
  markets: { hide: 'Hide markets and alerts', show: 'Show markets and alerts', name: 'Markets and alerts' },
} as const;

export interface ColumnFoldProps {
  column: SideColumnId;
  /** The title bar's button that folds the column, or the handle that brings it back. */
  part: 'button' | 'handle';
}

export function ColumnFold({ column, part }: ColumnFoldProps) {
  const words = WORDS[column];
  const folding = part === 'button';
  const label = t(folding ? words.hide : words.show);
  return (
    <button
      type="button"
      className={folding ? 'hidden px-1 text-slate-500 lg:block' : 'panel panel-heading app-column-handle'}
      aria-label={label}
      title={label}
      onClick={() => {
        useAppStore.getState().setCollapsed(column, folding);
      }}
    >
      {/* The button's arrow points where the column goes; the handle shows the column's name upright. */}
      {folding ? <span aria-hidden="true">{column === 'watchlists' ? '«' : '»'}</span> : t(words.name)}
    </button>
  );
}
