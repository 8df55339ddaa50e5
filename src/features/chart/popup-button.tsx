/**
 * A toolbar button that opens a popup loaded on demand (Export's menu, Compare's box): only the
 * button is in the caller's chunk; the popup's code loads when the button is pointed at, focused
 * or pressed. The popup gets the button (to sit under it) and a close that may refocus it.
 */
import { Suspense, useCallback, useRef, useState, type ComponentType } from 'react';
import { preloadOnIntent } from '../../components/lazy-with-preload';
import { holdKeysWhileOpening } from '../../lib/keys-while-opening';

/** What every popup gets: the button that opened it, and its close (`refocus`: focus the button again). */
export interface PopupPlacement {
  anchor: HTMLElement;
  onClose: (refocus: boolean) => void;
}

export interface PopupButtonProps<P> {
  label: string;
  /** 'menu' or 'dialog', as the popup's role. */
  role: 'menu' | 'dialog';
  /** The popup: a lazy component, and its preload. */
  popup: { Component: ComponentType<P & PopupPlacement>; preload: () => void };
  /** Its own props. */
  props: P;
  /** The popup opens onto a text field (Compare's box): what is typed while it loads is held for it. */
  takesTyping?: boolean;
}

export function PopupButton<P extends object>({ label, role, popup, props, takesTyping = false }: PopupButtonProps<P>) {
  const Popup = popup.Component;
  // The button while the popup is open (the popup is placed at it), else undefined.
  const [openAt, setOpenAt] = useState<HTMLButtonElement | undefined>(undefined);
  const button = useRef<HTMLButtonElement>(null);
  const close = useCallback((refocus: boolean) => {
    setOpenAt(undefined);
    if (refocus) button.current?.focus();
  }, []);
  return (
    <>
      <button
        ref={button}
        type="button"
        aria-haspopup={role}
        aria-expanded={openAt !== undefined}
        onClick={(event) => {
          // What is typed while the popup's code loads is the popup's (Compare's box), not the page's.
          if (!openAt && takesTyping) holdKeysWhileOpening();
          setOpenAt(openAt ? undefined : event.currentTarget);
        }}
        {...preloadOnIntent(popup.preload)}
        className="rounded border border-slate-300 px-2 py-1 text-xs hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800"
      >
        {label}
      </button>
      {openAt && (
        <Suspense fallback={null}>
          <Popup {...props} anchor={openAt} onClose={close} />
        </Suspense>
      )}
    </>
  );
}
