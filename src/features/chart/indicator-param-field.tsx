/**
 * One parameter of an indicator in the picker: applied as soon as it is valid; anything else is
 * refused with a message that says why and what the chart keeps (as the MA periods field does):
 * the value it had before this edit, drawn again at once (typing 999 over 20 drew 9, then 99, and
 * a refused 999 left 99 on the chart); leaving the field puts that value back in it.
 */
import { useId, useState } from 'react';
import { t } from '../../i18n/t';
import type { ParamSpec } from '../../lib/indicator-catalog';

/** Why `text` is not a value of `param`, or undefined when it is one. */
export function paramProblem(text: string, param: Pick<ParamSpec, 'min' | 'max' | 'step'>): string | undefined {
  const token = text.trim();
  if (token === '') return t('a value is needed');
  if (!/^[+-]?(\d+\.?\d*|\.\d+)$/.test(token)) return t('“{token}” is not a number', { token });
  const value = Number(token);
  if (param.step === undefined && !Number.isInteger(value)) return t('{token} is not a whole number', { token });
  if (value < param.min) return t('{token} is less than {n}', { token, n: param.min });
  if (value > param.max) return t('{token} is more than {n}', { token, n: param.max });
  return undefined;
}

interface ParamFieldProps {
  label: string;
  param: Pick<ParamSpec, 'min' | 'max' | 'step'>;
  /** What the chart draws now. */
  value: number;
  onApply: (value: number) => void;
}

export function IndicatorParamField({ label, param, value, onApply }: ParamFieldProps) {
  const [text, setText] = useState(String(value));
  const [problem, setProblem] = useState<string | undefined>();
  /** What the chart drew when this edit began: what a refused value keeps. */
  const [kept, setKept] = useState(value);
  const messageId = useId();
  return (
    <span className="flex flex-col">
      <label className="flex items-center gap-1">
        {label}
        <input
          type="text"
          inputMode="decimal"
          value={text}
          aria-invalid={problem !== undefined}
          aria-describedby={problem === undefined ? undefined : messageId}
          onFocus={() => {
            setKept(value);
          }}
          onChange={(event) => {
            const typed = event.target.value;
            setText(typed);
            const found = paramProblem(typed, param);
            setProblem(found);
            // What the chart draws changes only when it must (no write for "2." after "2").
            const next = found === undefined ? Number(typed.trim()) : kept;
            if (next !== value) onApply(next);
          }}
          onBlur={() => {
            if (problem !== undefined) setText(String(kept));
          }}
          className={`w-16 rounded border bg-transparent px-1 ${problem === undefined ? 'border-slate-300 dark:border-slate-600' : 'border-amber-500'}`}
        />
      </label>
      {problem !== undefined && (
        <span id={messageId} role="alert" className="text-amber-700 dark:text-amber-300">
          {t('{label}: {problem}. Values are {min} to {max}; kept {kept}.', { label, problem, min: param.min, max: param.max, kept })}
        </span>
      )}
    </span>
  );
}
