/**
 * React.lazy for a component that waits for a click, plus `preload()` to start the same import
 * when the user shows intent (pointer over, or focus on, what opens it), so the click feels
 * instant. Nothing here loads by itself: only a render or a preload() call starts the import.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export interface PreloadableComponent<P> {
  Component: LazyExoticComponent<ComponentType<P>>;
  preload: () => void;
}

export function lazyWithPreload<P>(load: () => Promise<ComponentType<P>>): PreloadableComponent<P> {
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const start = () => {
    loading ??= load().then(
      (component) => ({ default: component }),
      (error: unknown) => {
        // A failed download (offline) is tried again on the next intent or render.
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  return {
    Component: lazy(start),
    preload: () => {
      start().catch(() => undefined);
    },
  };
}

/** Pointer and focus handlers that preload: spread them on the trigger. */
export function preloadOnIntent(preload: () => void): { onPointerEnter: () => void; onFocus: () => void } {
  return { onPointerEnter: preload, onFocus: preload };
}
