/**
 * A modal frame: a dimmed backdrop (a click on it closes), a dialog that keeps Tab inside itself,
 * closes on Escape, and gives focus back to whatever had it before it opened.
 */
import { useRef, type ReactNode, type RefObject } from 'react';
import { useModalKeys } from '../../components/ui/use-modal-keys';

interface PaletteDialogProps {
  label: string;
  onClose: () => void;
  /** Focused when the dialog opens. */
  initialFocus: RefObject<HTMLElement | null>;
  children: ReactNode;
}

export function PaletteDialog({ label, onClose, initialFocus, children }: PaletteDialogProps) {
  const dialog = useRef<HTMLDivElement>(null);
  useModalKeys(dialog, onClose, initialFocus);

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
