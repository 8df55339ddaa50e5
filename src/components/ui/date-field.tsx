/**
 * A date (or date and time) field that takes typing: a text field read by lib/typed-date (year
 * first, or the year last in the browser's order; any separator), and a calendar button opening
 * the browser's own picker, which writes its choice into the text. Its props are the text
 * field's (id, label, autoFocus, aria-*, data-testid…), with the text as `value` and `onText`.
 */
import { useRef, type InputHTMLAttributes, type Ref } from 'react';
import { t } from '../../i18n/t';
import { dateTimeText, readTypedDate } from '../../lib/typed-date';
import './date-field.css';

interface DateFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'value' | 'onChange'> {
  value: string;
  onText: (text: string) => void;
  /** A time after the date too (the picker picks both). */
  withTime?: boolean;
  fieldRef?: Ref<HTMLInputElement>;
}

export function DateField({ value, onText, withTime = false, fieldRef, className, ...field }: DateFieldProps) {
  const picker = useRef<HTMLInputElement>(null);
  const typed = readTypedDate(value);
  // The picker opens on the date typed, if any.
  const pickerValue = typed ? dateTimeText(typed, withTime, 'T') : '';
  return (
    <span className="date-field">
      <input
        {...field}
        ref={fieldRef}
        type="text"
        autoComplete="off"
        spellCheck={false}
        placeholder={withTime ? 'YYYY-MM-DD HH:MM' : 'YYYY-MM-DD'}
        className={className}
        value={value}
        onChange={(event) => {
          onText(event.currentTarget.value);
        }}
      />
      <button
        type="button"
        aria-label={t('Pick a date')}
        title={t('Pick a date')}
        onClick={() => {
          picker.current?.showPicker();
        }}
      >
        <span aria-hidden="true">▦</span>
      </button>
      {/* The browser's picker, under the button (a picker opens only from a rendered field). */}
      <input
        ref={picker}
        type={withTime ? 'datetime-local' : 'date'}
        tabIndex={-1}
        aria-hidden="true"
        className="date-field-picker"
        value={pickerValue}
        onChange={(event) => {
          // YYYY-MM-DD or YYYY-MM-DDTHH:MM: written as the field shows dates.
          onText(event.currentTarget.value.replace('T', ' '));
        }}
      />
    </span>
  );
}
