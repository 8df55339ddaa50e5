/** What the offline banner says (connection-notices.tsx): whether the network is up, and since when. */
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
