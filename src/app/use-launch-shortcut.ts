/**
 * The installed app's shortcuts (launch-shortcut.ts), done once after the app has mounted; their
 * code loads only when the page was opened with one (`?open=`): not on every first page.
 */
import { useEffect, useRef, useState } from 'react';
import type { PhoneScreen } from './screen-bar';

export function useLaunchShortcut(openSearch: () => void, showScreen: (screen: PhoneScreen) => void): void {
  // Read in the first render: useUrlSync's effect, which runs before this one, rewrites the URL without it.
  const [search] = useState(() => (/[?&]open=/.test(window.location.search) ? window.location.search : undefined));
  // Once: StrictMode runs an effect twice, and the callbacks may change.
  const done = useRef(false);
  useEffect(() => {
    if (search === undefined || done.current) return;
    done.current = true;
    void import('./launch-shortcut').then(({ runLaunchShortcut }) => {
      runLaunchShortcut(search, openSearch, showScreen);
    });
  }, [search, openSearch, showScreen]);
}
