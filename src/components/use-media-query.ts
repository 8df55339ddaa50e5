/** Whether the window matches a media query, following changes (true where there is no window). */
import { useSyncExternalStore } from 'react';

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (listener) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', listener);
      return () => {
        list.removeEventListener('change', listener);
      };
    },
    () => window.matchMedia(query).matches,
    () => true,
  );
}

/** True on a screen at least Tailwind's `sm` wide (640 px), following resizes. */
export function useWideScreen(): boolean {
  return useMediaQuery('(min-width: 640px)');
}

/** The `compact` variant of src/index.css: a screen under 640 px, or a phone on its side. */
export const COMPACT_SCREEN = '(width < 40rem), (width < 64rem) and (height < 30rem)';

/** True where the header and the chart's controls take their compact form, following resizes and turns. */
export function useCompactScreen(): boolean {
  return useMediaQuery(COMPACT_SCREEN);
}
