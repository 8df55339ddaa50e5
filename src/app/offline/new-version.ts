/**
 * Whether a new version of the app is ready for a reload: service-worker-client.ts finds it, the
 * notices beside the chart (connection-notices.tsx) offer the reload. A module of its own, in the
 * boot's chunk (vite.config.ts), so neither side's chunk loads the other's.
 */
import { createCell, type Observable } from '../../lib/observable';

const ready = createCell(false);
/** True once a new version of the app is ready for a reload. */
export const newVersionReady: Observable<boolean> = ready;

let reload = (): void => {
  window.location.reload();
};

/** A new version is ready; `reloadTo` (a waiting service worker's takeover first) replaces the plain reload. */
export function announceNewVersion(reloadTo?: () => void): void {
  if (reloadTo) reload = reloadTo;
  ready.set(true);
}

/** Reloads onto the new version. */
export function reloadToNewVersion(): void {
  reload();
}
