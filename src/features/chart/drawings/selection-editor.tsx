/** The selected drawing's settings: colour, width, line style, lock, its text or Fibonacci levels, remove. */
import { t } from '../../../i18n/t';
import { useLayoutEffect, useRef, useState } from 'react';
import { editorPosition, LEVELS_FIELD } from './ui-style';
import { useWideScreen } from '../../../components/use-media-query';
import { LINE_STYLES, lineStyleName, toolLabel, type Drawing, type LineStyle } from './drawing-model';

export interface SelectionEditorProps {
  drawing: Drawing;
  /** `mergeKey`: successive changes with the same key are one undo step. */
  onChange: (drawing: Drawing, mergeKey?: string) => void;
  onRemove: () => void;
  /** A horizontal line or ray turned into a price alert at its level (absent: not offered). */
  onAlert?: () => void;
  /** What became of the last "Alert" (set, or why not). */
  alertNote?: string | undefined;
  /** Just placed: a note's box takes what is typed next. */
  fresh?: boolean;
}

const FIELD = 'h-7 rounded border border-slate-300 bg-white px-1 text-xs dark:border-slate-600 dark:bg-slate-800';

/** "0, 0.5, 1.618" → sorted unique levels, or undefined when any entry is not a number in range. */
export function parseLevels(text: string): number[] | undefined {
  const parts = text.split(/[\s,;]+/).filter(Boolean);
  if (parts.length === 0 || parts.length > 24) return undefined;
  const levels = parts.map(Number);
  if (levels.some((level) => !Number.isFinite(level) || level < -10 || level > 10)) return undefined;
  return [...new Set(levels)].sort((a, b) => a - b);
}

export function SelectionEditor({ drawing, onChange, onRemove, onAlert, alertNote, fresh = false }: SelectionEditorProps) {
  const { style } = drawing;
  const noteField = useRef<HTMLInputElement>(null);
  // A note just placed: typing replaces its placeholder word. At the commit, so no key slips by.
  useLayoutEffect(() => {
    if (!fresh) return;
    noteField.current?.focus();
    noteField.current?.select();
  }, [fresh, drawing.id]);
  const wide = useWideScreen();
  const setStyle = (patch: Partial<Drawing['style']>): void => {
    onChange({ ...drawing, style: { ...style, ...patch } }, `${Object.keys(patch).join()}:${drawing.id}`);
  };
  const [levelsText, setLevelsText] = useState((drawing.levels ?? []).join(', '));
  const [levelsFor, setLevelsFor] = useState(drawing.id);
  // Another drawing selected: show its levels (state adjusted during render, not in an effect).
  if (levelsFor !== drawing.id) {
    setLevelsFor(drawing.id);
    setLevelsText((drawing.levels ?? []).join(', '));
  }
  const levelsValid = parseLevels(levelsText) !== undefined;

  return (
    <div
      role="group"
      aria-label={t('{tool} settings', { tool: toolLabel(drawing.kind) })}
      className="absolute z-20 flex flex-wrap items-center justify-end gap-1 rounded border border-slate-200 bg-white text-xs text-slate-700 shadow-lg dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200"
      style={editorPosition(wide)}
    >
      <input
        type="color"
        aria-label={t('Colour')}
        className="h-7 w-7 cursor-pointer rounded border-0 bg-transparent p-0"
        value={style.color}
        onChange={(event) => {
          setStyle({ color: event.target.value });
        }}
      />
      <select
        aria-label={t('Width')}
        className={FIELD}
        value={style.width}
        onChange={(event) => {
          setStyle({ width: Number(event.target.value) });
        }}
      >
        {[1, 2, 3, 4].map((width) => (
          <option key={width} value={width}>
            {width}px
          </option>
        ))}
      </select>
      <select
        aria-label={t('Line style')}
        className={FIELD}
        value={style.line}
        onChange={(event) => {
          setStyle({ line: event.target.value as LineStyle });
        }}
      >
        {LINE_STYLES.map((line) => (
          <option key={line} value={line}>
            {lineStyleName(line)}
          </option>
        ))}
      </select>
      {drawing.kind === 'text' && (
        <input
          ref={noteField}
          aria-label={t('Note text')}
          className={`${FIELD} w-32`}
          maxLength={500}
          value={drawing.text ?? ''}
          onChange={(event) => {
            onChange({ ...drawing, text: event.target.value }, `text:${drawing.id}`);
          }}
        />
      )}
      {drawing.kind === 'fib-retracement' && (
        <input
          aria-label={t('Fibonacci levels')}
          aria-invalid={!levelsValid}
          className={FIELD}
          style={levelsValid ? LEVELS_FIELD : { ...LEVELS_FIELD, borderColor: '#ef4444' }}
          value={levelsText}
          onChange={(event) => {
            setLevelsText(event.target.value);
            const levels = parseLevels(event.target.value);
            if (levels) onChange({ ...drawing, levels }, `levels:${drawing.id}`);
          }}
        />
      )}
      <button
        type="button"
        className={`${FIELD} px-2`}
        aria-pressed={drawing.locked}
        onClick={() => {
          onChange({ ...drawing, locked: !drawing.locked });
        }}
      >
        {t(drawing.locked ? 'Locked' : 'Lock')}
      </button>
      {onAlert && (
        <button type="button" className={`${FIELD} px-2`} title={t('An alert when the price crosses this line, either way')} onClick={onAlert}>
          {t('Alert')}
        </button>
      )}
      <button type="button" className={`${FIELD} px-2`} disabled={drawing.locked} onClick={onRemove}>
        {t('Remove')}
      </button>
      {alertNote && (
        <span role="status" className="basis-full px-1 pb-1 text-right text-amber-700 dark:text-amber-300">
          {alertNote}
        </span>
      )}
    </div>
  );
}
