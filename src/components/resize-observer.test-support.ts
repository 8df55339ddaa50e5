import { vi } from 'vitest';

/**
 * Stands in for ResizeObserver (undo with vi.unstubAllGlobals): `fire` calls the last observer's
 * callback, as the browser does once it has laid the observed element out.
 */
export function stubResizeObserver(): { fire: () => void } {
  let callback: (() => void) | undefined;
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(next: () => void) {
        callback = next;
      }
      observe(): void {}
      disconnect(): void {}
    },
  );
  return {
    fire: () => {
      callback?.();
    },
  };
}
