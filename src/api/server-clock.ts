/**
 * The data's clock follows the server's: every API answer that carries X-Chartroom-Clock corrects
 * it (src/time/server-clock.ts). Market status, aligned K-line windows and "now" lines then read
 * the data's instant, not the browser's.
 */
import type { ServerClock } from '../time/server-clock';
import type { ApiClient } from './client';

/** Notes the data's clock in `clock` from every answer of `api` that tells it; returns the unsubscribe. */
export function followServerClock(api: Pick<ApiClient, 'onSettled'>, clock: Pick<ServerClock, 'note'>): () => void {
  return api.onSettled((event) => {
    if (event.serverTime !== undefined) clock.note(event.serverTime, event.at);
  });
}
