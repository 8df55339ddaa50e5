/**
 * A modal frame: a dimmed backdrop (a click on it closes), a dialog that keeps Tab inside itself,
 * closes on Escape, and gives focus back to whatever had it before it opened.
 */
import { useEffect, useRef, type ReactNode, type RefObject } from 'react';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea, [tabindex="0"]';

interface PaletteDialogProps {
  label: string;
  onClose: () => void;
  /** Focused when the dialog opens. */
  initialFocus: RefObject<HTMLElement | null>;
  children: ReactNode;
}

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

export function PaletteDialog({ label, onClose, initialFocus, children }: PaletteDialogProps) {
  const dialog = useRef<HTMLDivElement>(null);
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  }, [onClose]);

  useEffect(() => {
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
    element?.addEventListener('keydown', onKeyDown);
    initialFocus.current?.focus();
    return () => {
      element?.removeEventListener('keydown', onKeyDown);
      if (previous?.isConnected) previous.focus();
    };
  }, [initialFocus]);

  return (
    <div className="fixed inset-0 z-50 flex items-start justify-center p-2 sm:p-4 sm:pt-[12vh]">
      <div className="absolute inset-0 bg-slate-950/60" aria-hidden="true" onClick={onClose} data-testid="search-backdrop" />
      <div
        ref={dialog}
        role="dialog"
        aria-modal="true"
        aria-label={label}
        className="relative flex max-h-[85dvh] w-full max-w-2xl flex-col overflow-hidden rounded-lg border border-slate-200 bg-white text-slate-900 shadow-2xl dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
      >
        {children}
      </div>
    </div>
  );
}
