/**
 * A popup's "a tap or click elsewhere closes it": calls `onOutside` when the pointer goes down
 * anywhere but in the popup or on the button that opened it (whose own click toggles it).
 */
import { useEffect, useRef, type RefObject } from 'react';

export function usePointerDownOutside(popup: RefObject<HTMLElement | null>, anchor: HTMLElement, onOutside: () => void): void {
  // The newest callback, without subscribing again at every render.
  const outside = useRef(onOutside);
  useEffect(() => {
    outside.current = onOutside;
  }, [onOutside]);
  useEffect(() => {
    const away = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!popup.current?.contains(target) && !anchor.contains(target)) outside.current();
    };
    document.addEventListener('pointerdown', away);
    return () => {
      document.removeEventListener('pointerdown', away);
    };
  }, [popup, anchor]);
}
