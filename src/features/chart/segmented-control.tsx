/**
 * A radio group drawn as joined buttons: native radios (arrow keys move the choice), each named by
 * its visible label, the group named by `label`. Each radio is transparent and covers its label,
 * so a click (or a test's `check()`) lands on the radio itself.
 */
import { useId } from 'react';

export interface SegmentOption<T extends string> {
  value: T;
  label: string;
  /** Longer description, shown as a tooltip. */
  title?: string;
}

interface SegmentedControlProps<T extends string> {
  label: string;
  options: readonly SegmentOption<T>[];
  value: T;
  onChange: (value: T) => void;
  /** Show the group's name before the options. */
  showLabel?: boolean;
}

export function SegmentedControl<T extends string>({ label, options, value, onChange, showLabel = false }: SegmentedControlProps<T>) {
  const name = useId();
  return (
    <div role="radiogroup" aria-label={label} className="flex items-center gap-1 text-xs">
      {showLabel && (
        <span aria-hidden="true" className="text-slate-500 dark:text-slate-400">
          {label}
        </span>
      )}
      <div className="flex overflow-hidden rounded border border-slate-300 dark:border-slate-700">
        {options.map((option) => (
          <label
            key={option.value}
            title={option.title}
            className="relative cursor-pointer border-l border-slate-300 px-2 py-1 first:border-l-0 hover:bg-slate-100 has-checked:bg-sky-700 has-checked:text-white has-focus-visible:outline-2 has-focus-visible:outline-sky-500 dark:border-slate-700 dark:hover:bg-slate-800 dark:has-checked:bg-sky-700"
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={option.value === value}
              onChange={() => {
                onChange(option.value);
              }}
              className="absolute inset-0 m-0 cursor-pointer appearance-none opacity-0"
            />
            {option.label}
          </label>
        ))}
      </div>
    </div>
  );
}
