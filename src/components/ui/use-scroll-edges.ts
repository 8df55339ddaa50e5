/**
 * Whether a sideways-scrolling element hides content at either end, kept up to date on scroll
 * and resize: the cue that there is more to see (a bare overflow shows none, with overlay
 * scrollbars or a trackpad). The element carries `data-scrolled` ("true" once scrolled from the
 * start) for styles to read. A callback ref: an element that mounts later is watched too.
 */
import { useCallback, useRef, useState, type RefObject } from 'react';

export interface ScrollEdges {
  /** Content is hidden to the left (scrolled). */
  start: boolean;
  /** Content is hidden to the right. */
  end: boolean;
}

const NONE: ScrollEdges = { start: false, end: false };

/** At a pixel's tolerance: sub-pixel widths never count as hidden content. */
export function scrollEdgesOf(element: Pick<HTMLElement, 'scrollLeft' | 'clientWidth' | 'scrollWidth'>): ScrollEdges {
  return { start: element.scrollLeft > 1, end: element.scrollLeft + element.clientWidth < element.scrollWidth - 1 };
}

export interface ScrollEdgesHandle<T extends HTMLElement> {
  /** Give it to the scrolling element. */
  ref: (element: T | null) => (() => void) | undefined;
  /** The element, for whoever scrolls it. */
  element: RefObject<T | null>;
  edges: ScrollEdges;
}

export function useScrollEdges<T extends HTMLElement>(): ScrollEdgesHandle<T> {
  const [edges, setEdges] = useState(NONE);
  const element = useRef<T | null>(null);
  const ref = useCallback((node: T | null) => {
    element.current = node;
    if (!node) return undefined;
    const update = () => {
      const next = scrollEdgesOf(node);
      // At once, not at React's next render: what sticks once scrolled (table-cells.ts) must stick
      // from the first scrolled frame, or it slides away for a frame and back.
      // Written only when it changes: styles hang on it, and a write invalidates them.
      const scrolled = String(next.start);
      if (node.dataset.scrolled !== scrolled) node.dataset.scrolled = scrolled;
      setEdges((previous) => (previous.start === next.start && previous.end === next.end ? previous : next));
    };
    update();
    node.addEventListener('scroll', update, { passive: true });
    // The element and its content: a narrower panel, or wider content, changes what is hidden.
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(update) : undefined;
    observer?.observe(node);
    if (node.firstElementChild) observer?.observe(node.firstElementChild);
    return () => {
      element.current = null;
      node.removeEventListener('scroll', update);
      observer?.disconnect();
    };
  }, []);
  return { ref, element, edges };
}
