/**
 * The keyboard of a modal dialog: Tab and Shift+Tab stay inside it, Escape closes it, and focus
 * goes back to whatever had it before it opened. One hook for every modal (the search palette,
 * the alert dialog) so they behave alike.
 */
import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea, [tabindex="0"]';

function keepTabInside(event: KeyboardEvent, dialog: HTMLElement): void {
  const focusable = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((element) => element.tabIndex >= 0);
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}

/** Wires `dialog`'s keys; `initialFocus`, when given, takes focus as the dialog opens. */
export function useModalKeys(dialog: RefObject<HTMLElement | null>, onClose: () => void, initialFocus?: RefObject<HTMLElement | null>): void {
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  }, [onClose]);

  // At the commit, not after it: a key pressed between the two would reach the page, not the
  // dialog (a palette's stand-in giving way to the palette loses none).
  useLayoutEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const element = dialog.current;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        event.stopPropagation();
        close.current();
      } else if (event.key === 'Tab' && element) {
        keepTabInside(event, element);
      }
    };
    // A focused control that goes away (a dialog's button giving way to what it did) leaves focus on
    // the page's body, where Escape and Tab no longer reach the dialog: the dialog takes it back.
    const onFocusOut = (event: FocusEvent) => {
      if (event.relatedTarget !== null) return;
      queueMicrotask(() => {
        if (element?.isConnected && (document.activeElement === null || document.activeElement === document.body)) element.focus({ preventScroll: true });
      });
    };
    element?.addEventListener('keydown', onKeyDown);
    element?.addEventListener('focusout', onFocusOut);
    initialFocus?.current?.focus();
    // A dialog whose content took no focus (no field of its own, opened from a button) takes it
    // itself: Escape and Tab act from the start, not only after a click inside it.
    if (element && !element.contains(document.activeElement)) element.focus({ preventScroll: true });
    return () => {
      element?.removeEventListener('keydown', onKeyDown);
      element?.removeEventListener('focusout', onFocusOut);
      if (previous?.isConnected) previous.focus();
    };
  }, [dialog, initialFocus]);
}
