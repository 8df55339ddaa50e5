/**
 * The installed app's shortcuts (public/manifest.webmanifest, a long press on its icon): `/?open=search`
 * opens the symbol search, `/?open=watchlist` shows the watchlists (their screen on a phone, their
 * column unfolded on a wide screen). Loaded only when the page's URL names one
 * (use-launch-shortcut.ts); the parameter then leaves the URL, so a reload, Back or a copied link
 * does not do it again.
 */
import { oneOf } from '#shared/one-of.ts';
import { useAppStore } from '../store/app-store';
import type { PhoneScreen } from './screen-bar';
import { COLUMNS_QUERY } from './use-phone-screens';

export const LAUNCH_ACTIONS = ['search', 'watchlist'] as const;
export type LaunchAction = (typeof LAUNCH_ACTIONS)[number];

/** The `open=` of a query string, when it names an action (anything else is ignored). */
export function launchActionOf(search: string): LaunchAction | undefined {
  return oneOf(LAUNCH_ACTIONS, new URLSearchParams(search).get('open'));
}

/**
 * The query string without its `open` parameters, every other part byte for byte: URLSearchParams
 * would re-encode the layout's `~` and `,` (url-state.ts writes those by hand).
 */
export function withoutOpen(search: string): string {
  const kept = search
    .replace(/^\?/, '')
    .split('&')
    .filter((part) => part !== '' && new URLSearchParams(part).keys().next().value !== 'open');
  return kept.length > 0 ? `?${kept.join('&')}` : '';
}

/**
 * Does what the page's `search` (as it was opened) asks: `openSearch` opens the symbol search,
 * `showScreen` switches the phone's screen (usePhoneScreens). Takes `open` out of the URL.
 */
export function runLaunchShortcut(search: string, openSearch: () => void, showScreen: (screen: PhoneScreen) => void): void {
  const action = launchActionOf(search);
  const { pathname, search: now, hash } = window.location;
  const rest = withoutOpen(now);
  if (rest !== now) window.history.replaceState(window.history.state, '', `${pathname}${rest}${hash}`);
  if (action === 'search') openSearch();
  else if (action === 'watchlist') {
    // Wide: every column is shown, unless folded. Narrow: one screen at a time, and the fold does not apply.
    if (window.matchMedia(COLUMNS_QUERY).matches) useAppStore.getState().setCollapsed('watchlists', false);
    else showScreen('watchlist');
  }
}
