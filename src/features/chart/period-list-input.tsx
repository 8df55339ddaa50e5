/**
 * An editable list of indicator periods ("20, 50"), committed on Enter or when focus leaves;
 * an invalid entry is flagged and not applied. Remount (key) to take an outside change.
 */
import { useId, useState } from 'react';
import { formatPeriods, MAX_PERIOD, parsePeriods } from './indicator-data';

interface PeriodListInputProps {
  label: string;
  periods: readonly number[];
  onCommit: (periods: number[]) => void;
}

export function PeriodListInput({ label, periods, onCommit }: PeriodListInputProps) {
  const id = useId();
  const [draft, setDraft] = useState(() => formatPeriods(periods));
  const parsed = parsePeriods(draft);
  const commit = () => {
    if (parsed && formatPeriods(parsed) !== formatPeriods(periods)) onCommit(parsed);
  };
  return (
    <span className="flex items-center gap-1">
      <label htmlFor={id} className="text-slate-500 dark:text-slate-400">
        {label}
      </label>
      <input
        id={id}
        type="text"
        inputMode="numeric"
        value={draft}
        placeholder="off"
        aria-invalid={parsed === undefined}
        title={`Periods from 1 to ${String(MAX_PERIOD)}, separated by commas; empty for none`}
        onChange={(event) => {
          setDraft(event.target.value);
        }}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') commit();
        }}
        className="w-20 rounded border border-slate-300 bg-transparent px-1.5 py-0.5 tabular-nums aria-invalid:border-red-500 dark:border-slate-700"
      />
    </span>
  );
}
