/**
 * "Removed AAPL.US from US tech. Undo": shown for some seconds after a symbol or a list is
 * deleted; Undo (or Ctrl+Z / ⌘Z while it shows, but not in a text field, whose own undo the
 * keys keep) puts it back. Loaded only once something has been deleted.
 */
import { t } from '../../i18n/t';
import { useEffect } from 'react';
import { useAppStore } from '../../store/app-store';
import { restoreDeleted } from '../../store/watchlist-restore';
import { listName } from '../../store/watchlist-name';
import { dismissUndo, type UndoOffer } from './undo-offer';

/** Long enough to notice the mistake and reach the button. */
export const UNDO_MS = 8_000;

function isTextField(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || target.matches('input, textarea, select'));
}

function describe({ deleted }: UndoOffer): string {
  if (deleted.kind === 'list') return t('Deleted the list {name}.', { name: listName(deleted.list) });
  const list = useAppStore.getState().watchlists.find(({ id }) => id === deleted.listId);
  return t('Removed {symbol} from {list}.', { symbol: deleted.symbol, list: list ? listName(list) : '' });
}

export function UndoToast({ offer }: { offer: UndoOffer }) {
  useEffect(() => {
    const undo = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() !== 'z' || !(event.ctrlKey || event.metaKey) || event.shiftKey || event.altKey || isTextField(event.target)) return;
      event.preventDefault();
      restoreDeleted(offer.deleted);
      dismissUndo(offer);
    };
    const timer = setTimeout(() => {
      dismissUndo(offer);
    }, UNDO_MS);
    window.addEventListener('keydown', undo);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('keydown', undo);
    };
  }, [offer]);

  return (
    <div
      role="status"
      data-testid="watchlist-undo"
      // Over the foot of the list, not above its rows: arriving (its code loads first) or leaving,
      // it moves no row under a pointer on its way to the next ×.
      className="absolute inset-x-1 bottom-1 z-20 flex items-center gap-2 rounded border border-sky-200 bg-sky-50 px-2 py-1 text-xs shadow-lg dark:border-sky-800 dark:bg-sky-950"
    >
      <span className="min-w-0 flex-1 truncate">{describe(offer)}</span>
      <button
        type="button"
        title={t('Undo (Ctrl+Z)')}
        onClick={() => {
          restoreDeleted(offer.deleted);
          dismissUndo(offer);
        }}
        className="rounded px-1.5 py-0.5 font-semibold text-sky-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-sky-500 dark:text-sky-300 dark:hover:bg-slate-800"
      >
        {t('Undo')}
      </button>
    </div>
  );
}
