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

/** The attributes that mark a control wrong and tie it to its message and hint. */
export interface InvalidProps {
  'aria-invalid': boolean;
  'aria-describedby'?: string;
}

/** A field that takes a number as typed (a level, a percent, minutes): decimal keyboard, no autofill. */
export function DecimalField({
  id,
  label,
  error,
  value,
  onChange,
  onBlur,
  invalid,
}: {
  id: string;
  label: string;
  error: string | undefined;
  value: string;
  onChange: (value: string) => void;
  /** When the field is left (the level shows the value it saves). */
  onBlur?: () => void;
  invalid: InvalidProps;
}) {
  return (
    <Field id={id} label={label} error={error}>
      <input
        id={id}
        className={INPUT}
        inputMode="decimal"
        autoComplete="off"
        value={value}
        onChange={(event) => {
          onChange(event.target.value);
        }}
        {...(onBlur && { onBlur })}
        {...invalid}
      />
    </Field>
  );
}
