/**
 * Move up, move down and remove for one watchlist row; focus stays on a sensible control. The
 * buttons are for the pointer and for the arrow keys inside the row: the list is one Tab stop,
 * and the keyboard reaches the same actions from the focused row (watchlist-keys).
 */
import { t } from '../../i18n/t';
import type { RefObject } from 'react';
import { flushSync } from 'react-dom';
import { useAlertOpener } from '../../components/alert-opener';
import { BellIcon } from '../../components/ui/bell-icon';
import { useAppStore } from '../../store/app-store';
import { offerUndo } from './undo-offer';

interface RowActionsProps {
  listId: string;
  symbol: string;
  isFirst: boolean;
  isLast: boolean;
  row: RefObject<HTMLLIElement | null>;
}

const BUTTON =
  'w-7 shrink-0 lg:max-xl:w-5 text-slate-400 hover:bg-slate-100 hover:text-slate-700 disabled:opacity-30 disabled:hover:bg-transparent focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-sky-500 dark:hover:bg-slate-800 dark:hover:text-slate-200';

function indexIn(listId: string, symbol: string): number {
  return (
    useAppStore
      .getState()
      .watchlists.find((list) => list.id === listId)
      ?.symbols.indexOf(symbol) ?? -1
  );
}

/**
 * Changes the list and puts focus back where the user is working, in the same task: React commits
 * the change at once (flushSync), so a key pressed right after (Enter on ↑, then ←) meets the
 * focused control. Refocused a frame later, such a key went to the page and was lost.
 */
function changeThenRefocus(change: () => void, find: () => HTMLElement | null | undefined): void {
  flushSync(change);
  find()?.focus();
}

/** The control of a row that opens its symbol. */
export function openButtonOf(row: Element | null | undefined): HTMLButtonElement | null {
  return row?.querySelector<HTMLButtonElement>('button[data-row-open]') ?? null;
}

/**
 * Moves `symbol` one place up or down; focus follows it onto the control that had it (`keep`,
 * a selector inside the row), or onto its open control when that one is now disabled.
 */
export function moveRow(listId: string, symbol: string, step: -1 | 1, row: HTMLLIElement | null, keep?: string): void {
  const index = indexIn(listId, symbol);
  if (index < 0) return;
  changeThenRefocus(
    () => {
      useAppStore.getState().moveSymbol(listId, symbol, index + step);
    },
    () => {
      const button = keep ? row?.querySelector<HTMLButtonElement>(keep) : null;
      return button && !button.disabled ? button : openButtonOf(row);
    },
  );
}

/** Removes `symbol` (with an Undo offered); focus goes to the next row (or the one before, the last one going). */
export function removeRow(listId: string, symbol: string, row: HTMLLIElement | null): void {
  const neighbour = row?.nextElementSibling ?? row?.previousElementSibling;
  offerUndo({ kind: 'symbol', listId, symbol, index: indexIn(listId, symbol) });
  changeThenRefocus(
    () => {
      useAppStore.getState().removeSymbol(listId, symbol);
    },
    () => openButtonOf(neighbour),
  );
}

export function RowActions({ listId, symbol, isFirst, isLast, row }: RowActionsProps) {
  const up = t('Move {symbol} up', { symbol });
  const down = t('Move {symbol} down', { symbol });
  // The alerts' dialog, once its code is there (it loads after the first candle): until then no
  // button, so a click never waits for a download.
  const openAlert = useAlertOpener();

  return (
    // From sm, where the list is a narrow column beside the chart, two by two: the name and the
    // extended-hours quote keep 56 px more (four in a row cut "Microsoft" and "−0.38 (−0.17%)").
    <div className="flex shrink-0 items-stretch sm:grid sm:grid-cols-2 sm:grid-rows-2">
      <button
        type="button"
        tabIndex={-1}
        aria-label={up}
        title={t('Move up (Alt+↑)')}
        disabled={isFirst}
        onClick={() => {
          moveRow(listId, symbol, -1, row.current, `button[aria-label="${up}"]`);
        }}
        className={BUTTON}
      >
        ↑
      </button>
      <button
        type="button"
        tabIndex={-1}
        aria-label={down}
        title={t('Move down (Alt+↓)')}
        disabled={isLast}
        onClick={() => {
          moveRow(listId, symbol, 1, row.current, `button[aria-label="${down}"]`);
        }}
        className={BUTTON}
      >
        ↓
      </button>
      <button
        type="button"
        tabIndex={-1}
        aria-label={t('Remove {symbol}', { symbol })}
        title={t('Remove from this list (Delete)')}
        onClick={() => {
          removeRow(listId, symbol, row.current);
        }}
        className={BUTTON}
      >
        ×
      </button>
      {/* Last: the keyboard's order of the other controls (←/→) stays as it was. */}
      {openAlert && (
        <button
          type="button"
          tabIndex={-1}
          aria-label={t('Set alert for {symbol}…', { symbol })}
          title={t('Set alert…')}
          onClick={() => {
            const type = useAppStore.getState().symbolTypes[symbol];
            openAlert({ symbol, ...(type && { type }) });
          }}
          className={BUTTON}
        >
          <BellIcon />
        </button>
      )}
    </div>
  );
}
