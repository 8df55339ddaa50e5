/**
 * Go to a date (Alt+G, or the chart's right-click menu; loaded when first opened): the chart
 * centres the day typed, loading older history when it is older than what is loaded. The field
 * takes typing (components/ui/date-field): the keys typed while the dialog loaded land in it.
 */
import { t } from '../../i18n/t';
import { useId, useState } from 'react';
import { DateField } from '../../components/ui/date-field';
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
        <DateField
          id={fieldId}
          // eslint-disable-next-line jsx-a11y/no-autofocus -- the dialog opens to type the date
          autoFocus
          value={date}
          onText={typed}
          aria-invalid={invalid}
          aria-describedby={invalid ? hintId : undefined}
        />
        {invalid && (
          <p id={hintId} role="alert" className="go-to-date-hint">
            {t('Type a date as 2025-11-25.')}
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
