/**
 * Go to a date (Alt+G, or the chart's right-click menu; loaded when first opened): the chart
 * centres the day typed, loading older history when it is older than what is loaded.
 */
import { t } from '../../i18n/t';
import { useState } from 'react';
import { Modal } from '../../components/ui/modal';
import './go-to-date.css';

export interface GoToDateDialogProps {
  /** Goes to the date (YYYY-MM-DD); false when the text is no date. */
  onGo: (date: string) => boolean;
  onClose: () => void;
}

export function GoToDateDialog({ onGo, onClose }: GoToDateDialogProps) {
  const [date, setDate] = useState('');
  const [invalid, setInvalid] = useState(false);
  return (
    <Modal label={t('Go to date')} onClose={onClose}>
      <form
        className="go-to-date"
        onSubmit={(event) => {
          event.preventDefault();
          if (onGo(date)) onClose();
          else setInvalid(true);
        }}
      >
        <label>
          {t('Date')}
          <input
            type="date"
            required
            // eslint-disable-next-line jsx-a11y/no-autofocus -- the dialog opens to type the date
            autoFocus
            value={date}
            aria-invalid={invalid}
            onChange={(event) => {
              setDate(event.currentTarget.value);
              setInvalid(false);
            }}
          />
        </label>
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
