/**
 * Below lg the page shows one screen at a time (screen-bar.tsx); a symbol picked anywhere (a
 * watchlist row, search) shows its chart. A screen's panels render once it is first shown, and stay:
 * on a phone the watchlists and the markets (whose clock re-renders them each second) cost the
 * first seconds nothing while the chart is what is looked at. From lg on, every column is shown.
 */
import { useCallback, useEffect, useState } from 'react';
import { useMediaQuery } from '../components/use-media-query';
import { useAppStore } from '../store/app-store';
import type { PhoneScreen } from './screen-bar';

/** Tailwind's lg: the columns side by side (src/app/layout.css). */
export const COLUMNS_QUERY = '(min-width: 64rem)';

export function usePhoneScreens(): { screen: PhoneScreen; show: (screen: PhoneScreen) => void; rendered: (screen: PhoneScreen) => boolean } {
  const [screen, setScreen] = useState<PhoneScreen>('chart');
  const columns = useMediaQuery(COLUMNS_QUERY);
  const [shown, setShown] = useState<ReadonlySet<PhoneScreen>>(() => new Set(['chart']));
  const show = useCallback((next: PhoneScreen) => {
    setScreen(next);
    setShown((seen) => (seen.has(next) ? seen : new Set([...seen, next])));
  }, []);
  // Once side by side, always rendered: narrowing the window later keeps what was there.
  const [everColumns, setEverColumns] = useState(columns);
  if (columns && !everColumns) setEverColumns(true);
  useEffect(
    () =>
      useAppStore.subscribe((state, previous) => {
        if (state.workspace.symbol !== previous.workspace.symbol) show('chart');
      }),
    [show],
  );
  const rendered = useCallback((which: PhoneScreen) => columns || everColumns || shown.has(which), [columns, everColumns, shown]);
  return { screen, show, rendered };
}
