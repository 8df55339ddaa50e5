/**
 * The page's side of the service worker (src/sw/service-worker.ts): registers it (after the first
 * candle: offline-start.ts), and says when a new version of the app is ready, so the trader
 * reloads when they choose ("A new version is ready: reload") rather than under their hands.
 *
 * A new version is found two ways: the browser's update check of the worker (on navigations,
 * and every UPDATE_CHECK_MS here), and a download that failed while the network is up (a deploy
 * removed a chunk this page still needs: without a worker holding the old build's files, the
 * page cannot load it; the server's shell then names other scripts than this page's).
 */
import { Workbox } from 'workbox-window';
import { announceNewVersion } from './new-version';
import { APP_SHELL_PATH, OPEN_CHART_MESSAGE, SERVICE_WORKER_PATH } from '../../sw/worker-protocol';

export const UPDATE_CHECK_MS = 30 * 60 * 1000;

let workbox: Workbox | undefined;

/** Registers the worker (production builds only: the dev server has none). */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator) || workbox) return;
  // A click on an alert's notification shows its chart here (src/sw/push-notifications.ts); the
  // code that does it loads with the first such message (from the worker's precache).
  navigator.serviceWorker.addEventListener('message', (event) => {
    if ((event.data as { type?: unknown } | null)?.type !== OPEN_CHART_MESSAGE) return;
    void import('./open-chart-message').then(({ answerOpenChart }) => {
      answerOpenChart(event);
    });
  });
  const registered = new Workbox(SERVICE_WORKER_PATH);
  registered.addEventListener('waiting', () => {
    // The waiting worker takes over first, so the reload gets its files.
    announceNewVersion(() => {
      registered.addEventListener('controlling', () => {
        window.location.reload();
      });
      registered.messageSkipWaiting();
    });
  });
  workbox = registered;
  registered.register().catch(() => {
    // No worker (blocked, a private window's rules): the app works online as before.
  });
  setInterval(() => {
    void registered.update().catch(() => undefined);
  }, UPDATE_CHECK_MS);
}

/** The page's module scripts as the built page names them (`/assets/boot-<hash>.js`, …). */
function pageScripts(): string[] {
  return [...document.querySelectorAll<HTMLScriptElement>('script[type="module"][src]')].map((script) => script.getAttribute('src') ?? '');
}

/**
 * A download failed: whether a new build replaced this page's. Asks the worker to look for its
 * update, and the server for its current shell (past the worker's precache, by the query string):
 * a shell without one of this page's scripts is another build's.
 */
export async function checkForNewBuild(): Promise<void> {
  void workbox?.update().catch(() => undefined);
  const scripts = pageScripts();
  if (scripts.length === 0) return;
  try {
    const response = await fetch(`${APP_SHELL_PATH}?check`, { cache: 'no-store' });
    if (!response.ok) return;
    const shell = await response.text();
    if (scripts.some((script) => !shell.includes(script))) announceNewVersion();
  } catch {
    // Offline, or the server is down: no news of a version.
  }
}
