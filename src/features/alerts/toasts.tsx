/**
 * Transient toasts in a corner of the page (fixed: the layout never moves for them), announced to
 * screen readers, dismissed by their button or after a few seconds.
 */
import { t } from '../../i18n/t';
import { useEffect } from 'react';
import { createPortal } from 'react-dom';
import { create } from 'zustand';
import { BellIcon } from '../../components/ui/bell-icon';

export interface Toast {
  id: number;
  title: string;
  text: string;
}

export const TOAST_MS = 8_000;
const MAX_TOASTS = 4;

interface ToastState {
  toasts: Toast[];
  push: (title: string, text: string) => void;
  dismiss: (id: number) => void;
}

let nextId = 1;

export const useToasts = create<ToastState>()((set) => ({
  toasts: [],
  push: (title, text) => {
    const toast = { id: nextId++, title, text };
    set((state) => ({ toasts: [...state.toasts, toast].slice(-MAX_TOASTS) }));
  },
  dismiss: (id) => {
    set((state) => ({ toasts: state.toasts.filter((toast) => toast.id !== id) }));
  },
}));

function ToastItem({ toast }: { toast: Toast }) {
  const dismiss = useToasts((state) => state.dismiss);
  useEffect(() => {
    const timer = setTimeout(() => {
      dismiss(toast.id);
    }, TOAST_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [dismiss, toast.id]);
  return (
    <li
      data-testid="alert-toast"
      className="pointer-events-auto flex w-80 max-w-[calc(100vw-2rem)] items-start gap-3 rounded-md border border-amber-500/50 bg-white px-3 py-2 text-sm text-slate-900 shadow-lg dark:bg-slate-800 dark:text-slate-100"
    >
      <span className="pt-0.5 text-amber-500">
        <BellIcon className="size-4" />
      </span>
      <span className="min-w-0 flex-1">
        <span className="block font-semibold">{toast.title}</span>
        <span className="block text-slate-600 dark:text-slate-300">{toast.text}</span>
      </span>
      <button
        type="button"
        aria-label={t('Dismiss alert')}
        onClick={() => {
          dismiss(toast.id);
        }}
        className="rounded px-1 text-slate-500 hover:bg-slate-100 dark:hover:bg-slate-700"
      >
        ×
      </button>
    </li>
  );
}

export function Toaster() {
  const toasts = useToasts((state) => state.toasts);
  // Always in the page (empty when quiet), so a screen reader announces what is added, and on the
  // page itself, not in the Markets column a phone hides on its other screens. Below lg, above
  // the screen bar. The live region is a div around the list: a list may not take the status
  // role (ARIA in HTML).
  return createPortal(
    <div
      role="status"
      aria-live="assertive"
      aria-label={t('Alert toasts')}
      className="pointer-events-none fixed right-4 bottom-[calc(4rem+env(safe-area-inset-bottom))] z-50 lg:bottom-10"
    >
      <ol className="flex flex-col items-end gap-2">
        {toasts.map((toast) => (
          <ToastItem key={toast.id} toast={toast} />
        ))}
      </ol>
    </div>,
    document.body,
  );
}
