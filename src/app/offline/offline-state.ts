/** What the offline banner says (connection-notices.tsx): since when the network is gone, and what the page restored. */
import { onlineManager } from '@tanstack/react-query';
import { createCell, type Observable } from '../../lib/observable';
import { wallClock } from '../../time/clock';

export interface NetworkState {
  online: boolean;
  /** When the page last saw it change (or opened, if it has not changed since). */
  since: number;
}

const network = createCell<NetworkState>({ online: onlineManager.isOnline(), since: wallClock.now() });
onlineManager.subscribe((online) => {
  network.set({ online, since: wallClock.now() });
});
export const networkState: Observable<NetworkState> = network;

const restored = createCell(0);
/** How many kept answers the page opened with (offline-cache.ts). */
export const restoredAnswers: Observable<number> = restored;

export function noteRestoredAnswers(count: number): void {
  restored.set(count);
}
