/**
 * The events the page's parts send each other on the window, where a direct import would tie
 * their chunks together: the offline side (src/app/offline/, loaded at the first candle) listens
 * for them without loading the app's or the account's code.
 */

/**
 * A component's download failed (src/components/lazy-with-preload.ts): the offline side asks
 * whether a new build replaced this one, and offers the reload.
 */
export const DOWNLOAD_FAILED_EVENT = 'chartroom:download-failed';

/**
 * The user signs out (src/features/account/): what this browser kept of their session for later
 * (the market data kept for offline visits) is forgotten.
 */
export const SIGNED_OUT_EVENT = 'chartroom:signed-out';
