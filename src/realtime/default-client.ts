/**
 * The page's one realtime client, created on first use (so a page that never subscribes never
 * opens a socket). Tests replace it with `setRealtimeClient`.
 */
import { RealtimeClient } from './realtime-client';
import { browserSocketFactory, inertSocketFactory, realtimeUrl } from './socket';

/** Unit tests get a socket that never opens (so every consumer polls HTTP) unless they install a fake. */
function defaultSocketFactory() {
  return import.meta.env.MODE === 'test' || typeof WebSocket !== 'function' ? inertSocketFactory : browserSocketFactory;
}

let client: RealtimeClient | undefined;

export function realtimeClient(): RealtimeClient {
  client ??= new RealtimeClient({ createSocket: defaultSocketFactory(), url: () => realtimeUrl(window.location) });
  return client;
}

/** Swaps the page's client (tests); the previous one is disposed. */
export function setRealtimeClient(next: RealtimeClient | undefined): void {
  if (client !== next) client?.dispose();
  client = next;
}
