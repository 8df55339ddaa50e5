/**
 * React.lazy for a component that waits for a click, plus `preload()` to start the same import
 * when the user shows intent (pointer over, or focus on, what opens it), so the click feels
 * instant. Nothing here loads by itself: only a render or a preload() call starts the import.
 * A component whose download failed shows a notice with a Retry in its place (not an error
 * thrown to the panel's boundary: Indicators… offline blanked the whole chart).
 */
import { createElement, lazy, type ComponentType } from 'react';
import { DOWNLOAD_FAILED_EVENT } from '../lib/page-events';
import { createCell, useObservable } from '../lib/observable';
import { DownloadFailedNotice } from './ui/download-failed-notice';
import { withOnDemandStyles } from '../styles/on-demand-styles';

export interface PreloadableComponent<P> {
  Component: ComponentType<P>;
  preload: () => void;
}

/** Renewals of the components whose download failed, run by a Retry. */
const failed = new Set<() => void>();

/**
 * Gives every component whose download failed a new chance (a Retry): React.lazy keeps what it
 * loaded for good, so each gets a new lazy component, which downloads again when rendered.
 */
export function retryFailedDownloads(): void {
  const renewals = [...failed];
  failed.clear();
  for (const renew of renewals) renew();
}

const FAILED = { default: () => createElement(DownloadFailedNotice, { onRetry: retryFailedDownloads }) };

export function lazyWithPreload<P>(load: () => Promise<ComponentType<P>>): PreloadableComponent<P> {
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const start = () => {
    loading ??= withOnDemandStyles(load()).then(
      (component) => ({ default: component }),
      () => {
        // A failed download (offline, a chunk of another build) is tried again on the next intent,
        // or on a Retry (not at once: while it keeps failing, React would try again for ever).
        loading = undefined;
        failed.add(renew);
        window.dispatchEvent(new Event(DOWNLOAD_FAILED_EVENT));
        return FAILED;
      },
    );
    return loading;
  };
  // The lazy component of the moment: a new one after a Retry, which only this component's
  // places render again for.
  const current = createCell(lazy(start));
  const renew = (): void => {
    current.set(lazy(start));
  };
  function OnDemand(props: P) {
    return createElement(useObservable(current) as unknown as ComponentType<Record<string, unknown>>, props as unknown as Record<string, unknown>);
  }
  return {
    Component: OnDemand,
    preload: () => {
      // Failed before: a new download, and where it showed failed, it shows again (the intent is a Retry).
      if (failed.delete(renew)) renew();
      start().catch(() => undefined);
    },
  };
}

/** Pointer and focus handlers that preload: spread them on the trigger. */
export function preloadOnIntent(preload: () => void): { onPointerEnter: () => void; onFocus: () => void } {
  return { onPointerEnter: preload, onFocus: preload };
}
