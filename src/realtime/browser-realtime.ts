/**
 * The page's realtime client on the browser's WebSocket, in one chunk with it (loaded after the
 * first candle by app/boot/app-services.ts).
 */
import { RealtimeClient } from './realtime-client';
import { browserSocketFactory, realtimeUrl } from './socket';

export function createBrowserRealtime(): RealtimeClient {
  const client = new RealtimeClient({ createSocket: browserSocketFactory, url: () => realtimeUrl(window.location) });
  // Live again as soon as the network is: not after a backoff that grew while it was gone.
  window.addEventListener('online', () => {
    client.networkReturned();
  });
  return client;
}
