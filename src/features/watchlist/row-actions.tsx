/** Move up, move down and remove for one watchlist row; focus stays on a sensible control. */
import type { RefObject } from 'react';
import { useAppStore } from '../../store/app-store';

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
  return useAppStore.getState().watchlists.find((list) => list.id === listId)?.symbols.indexOf(symbol) ?? -1;
}

/** After React has moved or removed the row, put focus back where the user is working. */
function refocus(find: () => HTMLElement | null | undefined): void {
  requestAnimationFrame(() => {
    find()?.focus();
  });
}

export function RowActions({ listId, symbol, isFirst, isLast, row }: RowActionsProps) {
  const move = (step: -1 | 1, label: string) => {
    const index = indexIn(listId, symbol);
    if (index < 0) return;
    useAppStore.getState().moveSymbol(listId, symbol, index + step);
    refocus(() => {
      const button = row.current?.querySelector<HTMLButtonElement>(`button[aria-label="${label}"]`);
      return button && !button.disabled ? button : row.current?.querySelector('button');
    });
  };
  const remove = () => {
    const neighbour = row.current?.nextElementSibling ?? row.current?.previousElementSibling;
    useAppStore.getState().removeSymbol(listId, symbol);
    refocus(() => neighbour?.querySelector('button'));
  };
  const up = `Move ${symbol} up`;
  const down = `Move ${symbol} down`;

  return (
    <div className="flex shrink-0 items-stretch">
      <button type="button" aria-label={up} title="Move up" disabled={isFirst} onClick={() => { move(-1, up); }} className={BUTTON}>
        ↑
      </button>
      <button type="button" aria-label={down} title="Move down" disabled={isLast} onClick={() => { move(1, down); }} className={BUTTON}>
        ↓
      </button>
      <button type="button" aria-label={`Remove ${symbol}`} title="Remove from this list" onClick={remove} className={BUTTON}>
        ×
      </button>
    </div>
  );
}
