/**
 * The replay's name in the URL and the way to its code: what the boot needs to open a replay link
 * before the app mounts (src/app/boot/boot.ts), without React or the replay itself on the first page.
 */

/** The URL's parameter naming a replay (replay-url.ts). */
export const REPLAY_PARAM = 'replay';

/** Whether the page's query string names a replay. */
export function namesReplay(search: string): boolean {
  return new URLSearchParams(search).has(REPLAY_PARAM);
}

/** The replay's code (its runtime, controls and dialogs). */
export const loadReplay = () => import('./replay-runtime');
