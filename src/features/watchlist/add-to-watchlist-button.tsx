/** The chart header's "Add to watchlist": adds the symbol to the active list; "In watchlist" once there. */
import { t } from '../../i18n/t';
import { useLanguage } from '../../i18n/use-language';
import { normalizeSymbol } from '#shared/symbols.ts';
import { useAppStore } from '../../store/app-store';
import { listName as shownListName } from '../../store/watchlist-name';

export function AddToWatchlistButton({ symbol }: { symbol: string }) {
  useLanguage();
  const normalized = normalizeSymbol(symbol);
  // The default lists' names in the language (美股科技, not US tech).
  const activeList = useAppStore((state) => state.watchlists.find((list) => list.id === state.activeWatchlistId));
  const listName = activeList && shownListName(activeList);
  const inList = useAppStore(
    (state) => state.watchlists.find((list) => list.id === state.activeWatchlistId)?.symbols.some((listed) => normalizeSymbol(listed) === normalized) ?? false,
  );

  const add = () => {
    useAppStore.getState().addToActiveWatchlist(normalized);
  };

  const base = 'shrink-0 rounded border px-2 py-0.5 text-xs whitespace-nowrap';
  if (inList) {
    return (
      <button
        type="button"
        disabled
        title={t('{symbol} is in {list}', { symbol: normalized, list: listName ?? t('the active watchlist') })}
        className={`${base} border-slate-300 text-slate-500 dark:border-slate-700 dark:text-slate-400`}
      >
        {/* A phone's header row is short of room, upright or on its side (`compact`): a star there
            (the quote and the session state need the room); the words it hides stay in the button's name. */}
        <span aria-hidden="true" className="hidden compact:inline">
          ★
        </span>
        <span aria-hidden="true" className="compact:hidden">
          ✓{' '}
        </span>
        <span className="compact:sr-only">
          {t('In ')}
          {t('watchlist')}
        </span>
      </button>
    );
  }
  return (
    <button
      type="button"
      disabled={normalized === ''}
      onClick={add}
      title={t('Add {symbol} to {list}', { symbol: normalized, list: listName ?? t('a new watchlist') })}
      className={`${base} border-sky-500 text-sky-700 hover:bg-sky-50 dark:text-sky-300 dark:hover:bg-sky-950`}
    >
      <span aria-hidden="true" className="hidden compact:inline">
        ☆
      </span>
      <span aria-hidden="true" className="compact:hidden">
        +{' '}
      </span>
      <span className="compact:sr-only">
        {t('Add')}
        {t(' to watchlist')}
      </span>
    </button>
  );
}
