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
