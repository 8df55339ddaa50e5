/**
 * The data's clock: browser time plus the offset the server reports (X-Chartroom-Clock on API
 * answers: the simulator's clock, which tests freeze or shift; or a clock stamped into the page
 * at load). Market status, aligned K-line windows and "now" lines must use the data's instant,
 * not the browser's.
 */
import type { ApiClient } from './client';

let offsetMs = 0;
let known = false;

/** Records that the server's clock read `serverMs` when the browser's read `browserMs`. */
export function noteServerClock(serverMs: number, browserMs: number = Date.now()): void {
  offsetMs = serverMs - browserMs;
  known = true;
}

/** True once the data's clock has been read (stamped in the page, or from an API answer). */
export function isServerClockKnown(): boolean {
  return known;
}

/** Notes the data's clock from every answer of `api` that tells it; returns the unsubscribe. */
export function followServerClock(api: Pick<ApiClient, 'onSettled'>): () => void {
  return api.onSettled((event) => {
    if (event.serverTime !== undefined) noteServerClock(event.serverTime, event.at);
  });
}

export function serverNow(): number {
  return Date.now() + offsetMs;
}
