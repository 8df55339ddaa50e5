/**
 * A modal frame (the alert dialog, the indicator picker): a dimmed backdrop (a click on it
 * closes), Tab kept inside, Escape closes, focus goes back to whatever had it. Drawn at the end
 * of the page (a portal): opened from a layout's chart, it was inside that chart's stacking
 * context, and the other charts' toolbars painted over it.
 */
import { useRef, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { useModalKeys } from './use-modal-keys';

export function Modal({
  label,
  onClose,
  children,
  initialFocus,
}: {
  label: string;
  onClose: () => void;
  children: ReactNode;
  /** Takes focus as the dialog opens (one the user did not open: the keys are the dialog's). */
  initialFocus?: RefObject<HTMLElement | null>;
}) {
  const dialog = useRef<HTMLDivElement>(null);
  useModalKeys(dialog, onClose, initialFocus);
  return createPortal(
    <div className="fixed inset-0 z-50 flex items-start justify-center p-2 sm:p-4 sm:pt-[10vh]">
      <div className="absolute inset-0 bg-slate-950/60" aria-hidden="true" onClick={onClose} />
      <div
        ref={dialog}
        role="dialog"
        aria-modal="true"
        aria-label={label}
        tabIndex={-1}
        className="relative flex max-h-[90dvh] w-full max-w-md flex-col overflow-y-auto rounded-lg border border-slate-200 bg-white text-slate-900 shadow-2xl outline-none dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
      >
        {children}
      </div>
    </div>,
    document.body,
  );
}
