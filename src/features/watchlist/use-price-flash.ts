/**
 * A brief background pulse on an element when the price it shows changes: the `flash-up` /
 * `flash-down` classes of index.css are toggled on the element directly, so no state changes
 * and nothing else re-renders. The first value, and a value that comes back unchanged, do not flash.
 */
import { useEffect, useRef } from 'react';

export const FLASH_MS = 600;
const CLASSES = ['flash-up', 'flash-down'] as const;

/**
 * The same class again would not replay its animation: rewind the running one. (No forced layout:
 * with hundreds of rows ticking, a reflow per flash costs more than everything else.)
 */
function replay(target: HTMLElement, name: string): void {
  if (typeof target.getAnimations === 'function') {
    for (const animation of target.getAnimations()) animation.currentTime = 0;
    return;
  }
  target.classList.remove(name);
  target.getBoundingClientRect(); // without Web Animations, a reflow restarts it
  target.classList.add(name);
}

export function usePriceFlash<T extends HTMLElement>(price: string | undefined) {
  const element = useRef<T>(null);
  const previous = useRef(price);

  useEffect(() => {
    const before = previous.current;
    previous.current = price;
    const target = element.current;
    if (!target || before === undefined || price === undefined || before === price) return undefined;
    const name = Number(price) >= Number(before) ? 'flash-up' : 'flash-down';
    if (target.classList.contains(name)) replay(target, name);
    else {
      target.classList.remove(...CLASSES);
      target.classList.add(name);
    }
    const timer = setTimeout(() => {
      target.classList.remove(name);
    }, FLASH_MS);
    // Only the timer goes: the class stays so that a quick next change replays it instead of
    // being removed and re-added unseen.
    return () => {
      clearTimeout(timer);
    };
  }, [price]);

  return element;
}
