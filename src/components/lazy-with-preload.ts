/**
 * React.lazy for a component that waits for a click, plus `preload()` to start the same import
 * when the user shows intent (pointer over, or focus on, what opens it), so the click feels
 * instant. Nothing here loads by itself: only a render or a preload() call starts the import.
 */
import { createElement, lazy, type ComponentType } from 'react';
import { DOWNLOAD_FAILED_EVENT } from '../lib/page-events';

export interface PreloadableComponent<P> {
  Component: ComponentType<P>;
  preload: () => void;
}

/** Renewals of the components whose download failed, run by a panel's Retry. */
const failed = new Set<() => void>();

/**
 * Gives every component whose download failed a new chance (a panel's Retry): React.lazy keeps a
 * failure for good, so each gets a new lazy component, which downloads again when rendered.
 */
export function retryFailedDownloads(): void {
  for (const renew of failed) renew();
  failed.clear();
}

export function lazyWithPreload<P>(load: () => Promise<ComponentType<P>>): PreloadableComponent<P> {
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const renew = (): void => {
    current = lazy(start);
  };
  const start = () => {
    loading ??= load().then(
      (component) => ({ default: component }),
      (error: unknown) => {
        // A failed download (offline, a chunk of another build) is tried again on the next intent,
        // or on a Retry (not at once: while it keeps failing, React would try again for ever).
        loading = undefined;
        failed.add(renew);
        window.dispatchEvent(new Event(DOWNLOAD_FAILED_EVENT));
        throw error;
      },
    );
    return loading;
  };
  let current = lazy(start);
  return {
    // The lazy component of the moment (a new one after a failure), under one stable type.
    Component: (props: P) => createElement(current as unknown as ComponentType<Record<string, unknown>>, props as unknown as Record<string, unknown>),
    preload: () => {
      if (failed.delete(renew)) renew();
      start().catch(() => undefined);
    },
  };
}

/** Pointer and focus handlers that preload: spread them on the trigger. */
export function preloadOnIntent(preload: () => void): { onPointerEnter: () => void; onFocus: () => void } {
  return { onPointerEnter: preload, onFocus: preload };
}
