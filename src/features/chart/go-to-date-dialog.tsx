/**
 * Go to a date (Alt+G, or the chart's right-click menu; loaded when first opened): the chart
 * centres the day typed, loading older history when it is older than what is loaded. A text
 * field, year first (2025-11-25, 2025/11/25, 20251125…): a native date field takes its digits in
 * the locale's order, one segment at a time, so "2025-11-25" typed on an American browser came out
 * as another date or none, and the keys typed while the dialog loaded could not be put in it. The
 * calendar button opens the browser's own date picker.
 */
import { t } from '../../i18n/t';
import { useId, useRef, useState } from 'react';
import { Modal } from '../../components/ui/modal';
import './go-to-date.css';

export interface GoToDateDialogProps {
  /** Goes to the date typed; false when the text is no date. */
  onGo: (date: string) => boolean;
  onClose: () => void;
}

export function GoToDateDialog({ onGo, onClose }: GoToDateDialogProps) {
  const [date, setDate] = useState('');
  const [invalid, setInvalid] = useState(false);
  const picker = useRef<HTMLInputElement>(null);
  const fieldId = useId();
  const hintId = useId();
  const typed = (text: string): void => {
    setDate(text);
    setInvalid(false);
  };
  return (
    <Modal label={t('Go to date')} onClose={onClose}>
      <form
        className="go-to-date"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (onGo(date)) onClose();
          else setInvalid(true);
        }}
      >
        <label htmlFor={fieldId}>{t('Date')}</label>
        <div className="go-to-date-field">
          <input
            id={fieldId}
            type="text"
            // eslint-disable-next-line jsx-a11y/no-autofocus -- the dialog opens to type the date
            autoFocus
            autoComplete="off"
            spellCheck={false}
            placeholder="YYYY-MM-DD"
            value={date}
            aria-invalid={invalid}
            aria-describedby={invalid ? hintId : undefined}
            onChange={(event) => {
              typed(event.currentTarget.value);
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
          {/* The browser's picker, under the button: it writes the date as YYYY-MM-DD. */}
          <input
            ref={picker}
            type="date"
            tabIndex={-1}
            aria-hidden="true"
            className="go-to-date-picker"
            onChange={(event) => {
              typed(event.currentTarget.value);
            }}
          />
        </div>
        {invalid && (
          <p id={hintId} role="alert" className="go-to-date-hint">
            {t('Type the date year first, as 2025-11-25.')}
          </p>
        )}
        <div className="go-to-date-actions">
          <button type="button" onClick={onClose}>
            {t('Cancel')}
          </button>
          <button type="submit">{t('Go')}</button>
        </div>
      </form>
    </Modal>
  );
}
