/**
 * Whether elements are in (or near) the viewport, through one IntersectionObserver shared by all
 * of them: a 300-row watchlist observes 300 rows with one observer, not 300.
 */
type InViewListener = (inView: boolean) => void;

/** Rows just outside the viewport count as in view, so a scroll shows them already current. */
const MARGIN = '200px 0px';

let observer: IntersectionObserver | undefined;
const listeners = new Map<Element, InViewListener>();

function sharedObserver(): IntersectionObserver {
  observer ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) listeners.get(entry.target)?.(entry.isIntersecting);
    },
    { rootMargin: MARGIN },
  );
  return observer;
}

/**
 * Tells `listener` when `element` comes into view or leaves it (first, soon after this call, its
 * state now). One listener an element (a row watches its own): a second replaces the first.
 * Where the browser has no IntersectionObserver, it never calls: the element counts as always in
 * view. Returns the stop.
 */
export function watchInView(element: Element, listener: InViewListener): () => void {
  if (typeof IntersectionObserver !== 'function') return () => undefined;
  const shared = sharedObserver();
  listeners.set(element, listener);
  shared.observe(element);
  return () => {
    if (listeners.get(element) !== listener) return;
    listeners.delete(element);
    shared.unobserve(element);
  };
}
