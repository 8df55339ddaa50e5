/**
 * The service worker (built by vite-plugin-pwa's injectManifest from this file; registered by the
 * page after its first candle: src/app/offline/register-service-worker.ts).
 *
 * - The app shell is precached by hashed name: scripts, style sheets, icons, the manifest and
 *   app-shell.html, a copy of the built index.html the server sends as it is (no data's clock, no
 *   first history page: server/static-files.ts). The worker can never replay a stale clock or
 *   stale prices into a page.
 * - A navigation goes to the server first (asked for while the worker starts: navigation preload): its page carries the clock and the chart's first
 *   history page, so an online visit is as fast as without the worker. With no answer (offline,
 *   or none within NAVIGATION_TIMEOUT_MS) the precached shell opens instead, and the page shows
 *   the market data it kept in IndexedDB, marked as such (src/app/offline/).
 * - Market data is never answered from here: `/v1`, the simulator's `/__sim/` and the server's
 *   `/chartroom/` routes have no route in this worker, so they go to the network as if it were
 *   not there (the realtime socket never passes through a worker). The catalogue index alone is
 *   kept (stale while revalidate): it is reference data, and the search needs it offline.
 * - A new version waits until the page asks it to take over (the page's "A new version is ready:
 *   reload"), so no trader's session is reloaded under their hands.
 * - A server alert's Web Push shows a notification, and a click on it opens the alert's chart
 *   (push-notifications.ts): in the open Chartroom window when there is one, else a new one.
 */
/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { StaleWhileRevalidate } from 'workbox-strategies';
import { CATALOG_PATH } from '#shared/catalog.ts';
import { openAlertChart, showAlertNotification } from './push-notifications';
import { APP_SHELL_PATH, CATALOGUE_CACHE, NAVIGATION_TIMEOUT_MS, SKIP_WAITING_MESSAGE } from './worker-protocol';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Parameters<typeof precacheAndRoute>[0] };

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
self.addEventListener('activate', (event) => {
  event.waitUntil(self.registration.navigationPreload.enable());
});
// The first visit's page too: its lazily loaded panels then come from this build's precache, and a
// deploy that removes them from the server does not break it.
clientsClaim();

/**
 * The server's page, asked for while the worker starts (navigation preload: the worker's start-up
 * is not added to every visit); the precached shell when it does not come within the timeout.
 */
async function navigate(request: Request, preloaded: Promise<Response | undefined> | undefined): Promise<Response> {
  const controller = new AbortController();
  const timer = setTimeout(() => {
    controller.abort();
  }, NAVIGATION_TIMEOUT_MS);
  const timedOut = new Promise<never>((_, reject) => {
    controller.signal.addEventListener('abort', () => {
      reject(new Error('navigation timed out'));
    });
  });
  try {
    const early = await Promise.race([preloaded, timedOut]);
    return early ?? (await fetch(request, { signal: controller.signal }));
  } catch {
    return (await matchPrecache(APP_SHELL_PATH)) ?? Response.error();
  } finally {
    clearTimeout(timer);
  }
}

registerRoute(
  new NavigationRoute(({ request, event }) => navigate(request, (event as FetchEvent).preloadResponse as Promise<Response | undefined>), {
    denylist: [/^\/v1\//, /^\/__sim\//, /^\/chartroom\//],
  }),
);

registerRoute(
  ({ url, request }) => request.method === 'GET' && url.pathname === CATALOG_PATH,
  new StaleWhileRevalidate({ cacheName: CATALOGUE_CACHE, matchOptions: { ignoreVary: true } }),
);

// The index kept from the start, so a search works offline though none ran while the worker was
// in charge; best effort (a server that asks for sign-in first answers 401: the search's first
// run keeps it then).
self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CATALOGUE_CACHE)
      .then((cache) => cache.add(CATALOG_PATH))
      .catch(() => undefined),
  );
});

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  if ((event.data as { type?: unknown } | null)?.type === SKIP_WAITING_MESSAGE) void self.skipWaiting();
});

/** Keeps the worker alive for `work`; an event the worker made itself (untrusted) cannot be extended, and the work runs all the same. */
function extend(event: ExtendableEvent, work: Promise<unknown>): void {
  try {
    event.waitUntil(work);
  } catch {
    // Not the browser's event: nothing to extend.
  }
}

self.addEventListener('push', (event: PushEvent) => {
  extend(event, showAlertNotification(self.registration, event.data?.text(), self.location.origin));
});

self.addEventListener('notificationclick', (event: NotificationEvent) => {
  extend(event, openAlertChart(event.notification, self.clients, self.location.origin));
});
