/**
 * A brief background pulse on an element when the price it shows changes: the `flash-up` /
 * `flash-down` classes of index.css are toggled on the element directly, so no state changes
 * and nothing else re-renders. The first value, and a value that comes back unchanged, do not flash.
 */
import { useEffect, useRef } from 'react';

export const FLASH_MS = 600;
const CLASSES = ['flash-up', 'flash-down'] as const;

export function usePriceFlash<T extends HTMLElement>(price: string | undefined) {
  const element = useRef<T>(null);
  const previous = useRef(price);

  useEffect(() => {
    const before = previous.current;
    previous.current = price;
    const target = element.current;
    if (!target || before === undefined || price === undefined || before === price) return undefined;
    const name = Number(price) >= Number(before) ? 'flash-up' : 'flash-down';
    target.classList.remove(...CLASSES);
    target.getBoundingClientRect(); // reflow: restarts the animation when two changes come close together
    target.classList.add(name);
    const timer = setTimeout(() => {
      target.classList.remove(name);
    }, FLASH_MS);
    return () => {
      clearTimeout(timer);
      target.classList.remove(name);
    };
  }, [price]);

  return element;
}
