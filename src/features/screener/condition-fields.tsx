/**
 * One condition's inputs, by kind: selects for its choices, text boxes for its numbers (the text
 * as typed, kept whole: screen-draft.ts reads it). A field's problem is said under it and tied to
 * it (aria-describedby, aria-invalid).
 */
import { SCREEN_FIELDS } from '#shared/screener/screen-model.ts';
import { t } from '../../i18n/t';
import type { DraftLeaf, LeafKind } from './screen-draft';
import { fieldName, inputName } from './screen-words';

type Options = () => readonly (readonly [string, string])[];

interface InputSpec {
  name: string;
  options?: Options;
  /** Wider, free text (boards). */
  wide?: boolean;
  placeholder?: string;
}

const sides: Options = () => [
  ['above', t('Above')],
  ['below', t('Below')],
];
const directions: Options = () => [
  ['up', t('Crossed up')],
  ['down', t('Crossed down')],
];

const SPECS: Readonly<Record<LeafKind, (leaf: DraftLeaf) => InputSpec[]>> = {
  field: (leaf) => [
    { name: 'field', options: () => SCREEN_FIELDS.map((field) => [field, fieldName(field)] as const) },
    { name: 'op', options: () => [...sides(), ['between', t('Between')]] },
    ...(leaf.fields.op === 'between' ? [{ name: 'min' }, { name: 'max' }] : [{ name: 'value' }]),
  ],
  board: () => [{ name: 'boards', wide: true }],
  rsi: () => [{ name: 'period' }, { name: 'op', options: sides }, { name: 'value' }],
  'price-ma': () => [{ name: 'period' }, { name: 'op', options: sides }],
  'ma-cross': () => [{ name: 'fast' }, { name: 'slow' }, { name: 'direction', options: directions }, { name: 'within' }],
  'macd-cross': () => [{ name: 'fast' }, { name: 'slow' }, { name: 'signal' }, { name: 'direction', options: directions }, { name: 'within' }],
  'new-extreme': () => [
    {
      name: 'side',
      options: () => [
        ['high', t('New high')],
        ['low', t('New low')],
      ],
    },
    { name: 'days', placeholder: '52w' },
  ],
  'volume-ratio': () => [{ name: 'period' }, { name: 'min' }],
  'atr-percent': () => [{ name: 'period' }, { name: 'op', options: sides }, { name: 'value' }],
};

/** The label of an input in the context of its kind ("At least ×" for a volume ratio's minimum). */
function labelOf(kind: LeafKind, name: string): string {
  if (kind === 'volume-ratio' && name === 'min') return t('At least × average');
  if (kind === 'new-extreme' && name === 'days') return t('Days (or 52w)');
  return inputName(name);
}

const INPUT =
  'h-7 rounded border border-slate-300 bg-white px-1.5 text-xs text-slate-900 focus-visible:outline-2 focus-visible:outline-sky-500 aria-invalid:border-red-500 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100';

interface ConditionFieldsProps {
  leaf: DraftLeaf;
  problems: Readonly<Record<string, string>> | undefined;
  onField: (name: string, value: string) => void;
}

export function ConditionFields({ leaf, problems, onField }: ConditionFieldsProps) {
  return (
    <>
      {SPECS[leaf.kind](leaf).map(({ name, options, wide, placeholder }) => {
        const id = `${leaf.id}-${name}`;
        const problem = problems?.[name];
        const value = leaf.fields[name] ?? '';
        return (
          <div key={name} className={`flex flex-col gap-0.5 ${wide ? 'min-w-40 flex-1' : ''}`}>
            <label htmlFor={id} className="text-[11px] text-slate-500 dark:text-slate-400">
              {labelOf(leaf.kind, name)}
            </label>
            {options ? (
              <select
                id={id}
                value={value}
                aria-invalid={problem !== undefined}
                onChange={(event) => {
                  onField(name, event.target.value);
                }}
                className={INPUT}
              >
                {options().map(([option, label]) => (
                  <option key={option} value={option}>
                    {label}
                  </option>
                ))}
              </select>
            ) : (
              <input
                id={id}
                type="text"
                inputMode={wide ? 'text' : 'decimal'}
                autoComplete="off"
                spellCheck={false}
                value={value}
                placeholder={placeholder}
                aria-invalid={problem !== undefined}
                aria-describedby={problem !== undefined ? `${id}-problem` : undefined}
                onChange={(event) => {
                  onField(name, event.target.value);
                }}
                className={`${INPUT} ${wide ? 'w-full' : 'w-20'}`}
              />
            )}
            {problem !== undefined && (
              <p id={`${id}-problem`} data-testid="screen-field-problem" className="max-w-56 text-[11px] leading-tight text-red-600 dark:text-red-400">
                {problem}
              </p>
            )}
          </div>
        );
      })}
    </>
  );
}

export { INPUT as INPUT_CLASS };
