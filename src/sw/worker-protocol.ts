/** What the service worker (service-worker.ts) and the page (src/app/offline/) agree on. */

/** The precached page the worker opens offline: the built index.html, without clock or data. */
export const APP_SHELL_PATH = '/app-shell.html';
/** The worker's script, at the root so that its scope is the whole app. */
export const SERVICE_WORKER_PATH = '/service-worker.js';
/** The message a waiting worker takes over on (the page's "reload" of a new version; workbox-window's messageSkipWaiting sends it). */
export const SKIP_WAITING_MESSAGE = 'SKIP_WAITING';
/** The runtime cache of the catalogue index (search works offline). */
export const CATALOGUE_CACHE = 'chartroom-catalogue';
/**
 * How long a navigation waits for the server before the precached shell opens: longer than any
 * loaded server takes, short enough that a train's dead network does not keep a trader waiting.
 */
export const NAVIGATION_TIMEOUT_MS = 4_000;
