/** True on a screen at least Tailwind's `sm` wide (640 px), following resizes. */
import { useSyncExternalStore } from 'react';

const QUERY = '(min-width: 640px)';

function subscribe(listener: () => void): () => void {
  const list = window.matchMedia(QUERY);
  list.addEventListener('change', listener);
  return () => {
    list.removeEventListener('change', listener);
  };
}

export function useWideScreen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(QUERY).matches,
    () => true,
  );
}
