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
/**
 * A click on an alert's notification, to an open Chartroom window: `{ type, url }` with the
 * alert's chart (a path of this origin), and a MessagePort on which the page answers `true` once
 * the chart shows it (src/app/offline/open-chart-message.ts). Without an answer in time the
 * worker navigates the window instead (src/sw/push-notifications.ts).
 */
export const OPEN_CHART_MESSAGE = 'chartroom:open-chart';
export interface OpenChartMessage {
  type: typeof OPEN_CHART_MESSAGE;
  url: string;
}
