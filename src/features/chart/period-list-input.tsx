/**
 * An editable list of indicator periods ("20, 50"), applied on Enter or when focus leaves. An
 * entry the chart cannot draw is refused with a message that says why and what is allowed, and the
 * field goes back to the periods the chart draws: the field and the chart never disagree, and a
 * reload brings back what the field shows. Escape drops the draft. Remount (key) to take an
 * outside change.
 */
import { t } from '../../i18n/t';
import { useLanguage } from '../../i18n/use-language';
import { useId, useState } from 'react';
import { formatPeriods, parsePeriods, periodRule } from './period-text';

interface PeriodListInputProps {
  label: string;
  periods: readonly number[];
  onCommit: (periods: number[]) => void;
}

export function PeriodListInput({ label, periods, onCommit }: PeriodListInputProps) {
  useLanguage();
  const id = useId();
  const applied = formatPeriods(periods);
  const [draft, setDraft] = useState(applied);
  const [refusal, setRefusal] = useState<string | undefined>(undefined);
  const parsed = parsePeriods(draft);
  const commit = () => {
    if (parsed.problem !== undefined) {
      setRefusal(t('{label}: {problem}. Periods are {rule}. Kept {kept}.', { label, problem: parsed.problem, rule: periodRule(), kept: applied || t('none') }));
      setDraft(applied);
      return;
    }
    setRefusal(undefined);
    setDraft(formatPeriods(parsed.periods));
    if (formatPeriods(parsed.periods) !== applied) onCommit(parsed.periods);
  };
  return (
    <span className="relative flex items-center gap-1">
      <label htmlFor={id} className="text-slate-500 dark:text-slate-400">
        {label}
      </label>
      <input
        id={id}
        type="text"
        inputMode="numeric"
        value={draft}
        placeholder={t('off')}
        aria-invalid={parsed.problem !== undefined}
        aria-describedby={refusal ? `${id}-refusal` : undefined}
        title={t('Periods: {rule}; empty for none', { rule: periodRule() })}
        onChange={(event) => {
          setDraft(event.target.value);
          setRefusal(undefined);
        }}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') commit();
          if (event.key === 'Escape') {
            setDraft(applied);
            setRefusal(undefined);
          }
        }}
        className="w-20 rounded border border-slate-300 bg-transparent px-1.5 py-0.5 tabular-nums aria-invalid:border-red-500 dark:border-slate-700"
      />
      {refusal && (
        // Under the field, over the chart's corner: the toolbar and the chart do not move.
        <span className="absolute top-full left-0 z-20 mt-1 flex w-72 items-start gap-2 rounded border border-red-500/50 bg-white px-2 py-1 text-red-700 shadow-lg dark:bg-slate-900 dark:text-red-300">
          <span id={`${id}-refusal`} role="alert">
            {refusal}
          </span>
          <button
            type="button"
            aria-label={t('Dismiss')}
            onClick={() => {
              setRefusal(undefined);
            }}
            className="rounded px-1 leading-none hover:bg-red-500/20"
          >
            ×
          </button>
        </span>
      )}
    </span>
  );
}
