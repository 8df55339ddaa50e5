/** A field of the alert dialog: its label, the control, a message when it is wrong and a hint. */
import type { ReactNode } from 'react';

export const INPUT = 'w-full rounded border border-slate-300 bg-white px-2 py-1 text-sm aria-invalid:border-red-500 dark:border-slate-700 dark:bg-slate-950';
export const HINT = 'text-xs text-slate-500 dark:text-slate-400';
export const LABEL = 'text-xs font-medium text-slate-600 dark:text-slate-300';

export function Field({ id, label, error, hint, children }: { id: string; label: string; error: string | undefined; hint?: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className={LABEL}>
        {label}
      </label>
      {children}
      {error !== undefined && (
        <p id={`${id}-error`} className="text-xs text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
      {hint !== undefined && (
        <p id={`${id}-hint`} className={HINT}>
          {hint}
        </p>
      )}
    </div>
  );
}
