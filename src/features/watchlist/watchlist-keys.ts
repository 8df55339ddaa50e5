/**
 * The keyboard inside a watchlist (one Tab stop): ↑/↓ (Home/End) between rows, ←/→ between the
 * focused row's controls (open, move up, move down, remove, set alert), Enter or Space on the focused
 * control, Delete (or Backspace) removes the focused row, Alt+↑/↓ moves it.
 */
import type { KeyboardEvent } from 'react';
import { moveRow, openButtonOf, removeRow } from './row-actions';
import { nextRovingIndex } from '../../lib/roving';

const ROW = 'li[data-symbol]';

/** `canMove`: false while the list is sorted (its order is the sort's, not the user's). */
export function onWatchlistKeyDown(event: KeyboardEvent<HTMLElement>, listId: string, canMove = true): void {
  const target = event.target as HTMLElement;
  const row = target.closest<HTMLLIElement>(ROW);
  const symbol = row?.dataset.symbol;
  if (!row || symbol === undefined || event.ctrlKey || event.metaKey) return;
  const handled = () => {
    event.preventDefault();
    event.stopPropagation();
  };

  if (event.altKey) {
    if (canMove && (event.key === 'ArrowUp' || event.key === 'ArrowDown')) {
      handled();
      moveRow(listId, symbol, event.key === 'ArrowUp' ? -1 : 1, row, '[data-row-open]');
    }
    return;
  }
  if (event.key === 'Delete' || event.key === 'Backspace') {
    handled();
    removeRow(listId, symbol, row);
    return;
  }
  const rows = [...event.currentTarget.querySelectorAll<HTMLLIElement>(ROW)];
  const toRow = nextRovingIndex(event.key, rows.indexOf(row), rows.length, 'vertical');
  if (toRow !== undefined) {
    handled();
    openButtonOf(rows[toRow])?.focus();
    return;
  }
  const controls = [...row.querySelectorAll<HTMLButtonElement>('button:not(:disabled):not([data-grip])')];
  const from = controls.indexOf(target as HTMLButtonElement);
  // Home and End were the rows' above: ←/→ only, within the row.
  const toControl = event.key === 'ArrowLeft' || event.key === 'ArrowRight' ? nextRovingIndex(event.key, from, controls.length, 'horizontal') : undefined;
  if (toControl !== undefined) {
    handled();
    controls[toControl]?.focus();
  }
}
