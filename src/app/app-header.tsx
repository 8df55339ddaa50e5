/**
 * The header: brand, the current symbol's quote and its market's session state, add-to-watchlist,
 * search and display settings. Its rows have fixed heights (`.app-header` in src/app/layout.css,
 * shared with index.html's static shell): two rows where the panels stack (85 px in all), one of
 * 49 px from lg on; what does not fit is cut short, never wrapped onto a new row. Keyboard hints
 * are not shown on touch-only screens.
 */
import { Suspense } from 'react';
import { lazyWithPreload, preloadOnIntent } from '../components/lazy-with-preload';
import { t } from '../i18n/t';
import { useLanguage } from '../i18n/use-language';
import { useAppStore } from '../store/app-store';
import { SymbolHeader } from './symbol-header';

// The session state asks for the session tables, so it waits for the first candle anyway: its
// code (market status, venue schedules) loads then, with the markets panel's.
const SessionState = lazyWithPreload(() => import('./session-state').then((m) => m.SessionState)).Component;
const NO_SESSION_STATE = <span className="[grid-area:state]" />;
// The header's watchlist button comes with the watchlists, after the first candle: its grid
// column sits left of the search, beside a flexible one, so nothing moves when it appears.
const AddToWatchlistButton = lazyWithPreload(() => import('../features/watchlist/add-to-watchlist-button').then((m) => m.AddToWatchlistButton)).Component;
// Language, theme and colours: after the first candle too, in the beside-chart chunk (they pay for
// first-page bytes; a switch before the first candle is not a trader's first act). Their column
// keeps their width meanwhile (min-w-44; on a compact screen the one button's, min-w-8.5), so the
// search button does not move when they come.
const DisplaySettings = lazyWithPreload(() => import('./display-settings').then((m) => m.DisplaySettings)).Component;
// Who is signed in (only when the server has sign-in on): asked after the first candle, from the
// beside-chart chunk; the status has its own chunk.
const AccountSlot = lazyWithPreload(() => import('./account-slot').then((m) => m.AccountSlot)).Component;

interface AppHeaderProps {
  onSearch: () => void;
  /** The pointer is over the search button or it has focus: a click may follow. */
  onSearchIntent: () => void;
  /** The chart's first candle is drawn (or the page opened elsewhere): the session state may load. */
  afterFirstCandle: boolean;
}

export function AppHeader({ onSearch, onSearchIntent, afterFirstCandle }: AppHeaderProps) {
  const symbol = useAppStore((state) => state.workspace.symbol);
  useLanguage();
  return (
    <header className="app-header">
      <span className="app-header-brand">
        <img src="/favicon.svg" alt="" width={20} height={20} />
        <span className="app-header-brand-name">Chartroom</span>
      </span>
      <SymbolHeader afterFirstCandle={afterFirstCandle} />
      <Suspense fallback={NO_SESSION_STATE}>{afterFirstCandle ? <SessionState /> : NO_SESSION_STATE}</Suspense>
      <div className="[grid-area:watch]">
        <Suspense fallback={null}>{afterFirstCandle && <AddToWatchlistButton symbol={symbol} />}</Suspense>
      </div>
      <button
        type="button"
        onClick={() => {
          onSearch();
        }}
        {...preloadOnIntent(onSearchIntent)}
        // The name is the text ("Search… Ctrl K"; a phone, upright or on its side, shows a magnifier for it); the shortcut is announced as such.
        aria-keyshortcuts="Control+K /"
        title={t('Search symbols')}
        className="flex items-center gap-2 justify-self-end rounded border border-slate-300 px-2 py-1 text-sm whitespace-nowrap text-slate-500 [grid-area:search] hover:bg-slate-100 dark:border-slate-700 dark:text-slate-400 dark:hover:bg-slate-800"
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 16 16"
          width="16"
          height="16"
          className="hidden compact:inline"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.6"
        >
          <circle cx="7" cy="7" r="4.5" />
          <path d="M10.5 10.5 14 14" strokeLinecap="round" />
        </svg>
        <span className="compact:sr-only">{t('Search…')}</span>
        <kbd className="hidden rounded bg-slate-200 px-1 text-xs sm:inline touch:hidden lg:max-xl:hidden dark:bg-slate-800">Ctrl K</kbd>
      </button>
      <div className="flex min-w-44 items-center justify-end gap-1 justify-self-end [grid-area:settings] compact:min-w-8.5">
        <Suspense fallback={null}>
          {afterFirstCandle && <AccountSlot />}
          {afterFirstCandle && <DisplaySettings />}
        </Suspense>
      </div>
    </header>
  );
}
