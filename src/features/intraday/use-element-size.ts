/** The content size of an element, kept current by a ResizeObserver (a fallback until measured). */
import { useCallback, useState } from 'react';

export interface Size {
  width: number;
  height: number;
}

export function useElementSize(fallback: Size): [(element: HTMLElement | null) => (() => void) | undefined, Size] {
  const [size, setSize] = useState<Size | undefined>(undefined);
  const ref = useCallback((element: HTMLElement | null) => {
    if (!element) return undefined;
    const update = (width: number, height: number): void => {
      if (width <= 0 || height <= 0) return;
      const next = { width: Math.round(width), height: Math.round(height) };
      setSize((current) => (current?.width === next.width && current.height === next.height ? current : next));
    };
    const rect = element.getBoundingClientRect();
    update(rect.width, rect.height);
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver((entries) => {
      const box = entries[0]?.contentRect;
      if (box) update(box.width, box.height);
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
    };
  }, []);
  return [ref, size ?? fallback];
}
