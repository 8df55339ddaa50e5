/** The header: brand, the current symbol's quote, add-to-watchlist, search and display settings. */
import { preloadOnIntent } from '../components/lazy-with-preload';
import { AddToWatchlistButton } from '../features/watchlist/add-to-watchlist-button';
import { useAppStore } from '../store/app-store';
import { DisplaySettings } from './display-settings';
import { SymbolHeader } from './symbol-header';

interface AppHeaderProps {
  onSearch: () => void;
  /** The pointer is over the search button or it has focus: a click may follow. */
  onSearchIntent: () => void;
}

export function AppHeader({ onSearch, onSearchIntent }: AppHeaderProps) {
  const symbol = useAppStore((state) => state.workspace.symbol);
  return (
    <header className="flex flex-wrap items-center gap-x-4 gap-y-2 border-b border-slate-200 bg-white px-3 py-2 dark:border-slate-800 dark:bg-slate-900">
      <span className="flex items-center gap-2 font-semibold text-sky-600 dark:text-sky-400">
        <img src="/favicon.svg" alt="" width={20} height={20} />
        Chartroom
      </span>
      <SymbolHeader />
      <AddToWatchlistButton symbol={symbol} />
      <div className="ml-auto flex items-center gap-2">
        <button
          type="button"
          onClick={onSearch}
          {...preloadOnIntent(onSearchIntent)}
          // The name is the visible text ("Search… Ctrl K"); the shortcut is announced as such.
          aria-keyshortcuts="Control+K /"
          title="Search symbols"
          className="flex items-center gap-2 rounded border border-slate-300 px-2 py-1 text-sm text-slate-500 hover:bg-slate-100 dark:border-slate-700 dark:text-slate-400 dark:hover:bg-slate-800"
        >
          Search…
          <kbd className="rounded bg-slate-200 px-1 text-xs dark:bg-slate-800">Ctrl K</kbd>
        </button>
        <DisplaySettings />
      </div>
    </header>
  );
}
