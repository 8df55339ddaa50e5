/**
 * Starting a replay at a date and time, or at a random point of the last year (blind: the date
 * hidden until the replay ends or it is revealed). Loaded with the replay.
 */
import { useRef, useState } from 'react';
import { DateField } from '../../components/ui/date-field';
import { Modal } from '../../components/ui/modal';
import { readTypedLocalTime, typedDateText } from '../../lib/typed-date';
import { t } from '../../i18n/t';
import { useAppServices } from '../../queries/app-services-context';
import { useAppStore } from '../../store/app-store';
import { randomStart, startReplay } from './replay-runtime';
import './replay.css';

export function ReplayStartDialog({ onClose, at }: { onClose: () => void; at?: number | undefined }) {
  const services = useAppServices();
  const { symbol, type } = useAppStore((state) => state.workspace);
  const [text, setText] = useState(() => (at === undefined ? '' : typedDateText(at)));
  const [problem, setProblem] = useState<string | undefined>(undefined);
  // The date takes what is typed at once (Enter then starts): not the dialog's frame.
  const field = useRef<HTMLInputElement>(null);
  const begin = (instant: number, blind: boolean): void => {
    const run = startReplay(services, { symbol, type, start: instant, position: instant, blind });
    if (run) onClose();
    else setProblem(t('{symbol} cannot be replayed: its trading sessions are unknown.', { symbol }));
  };
  return (
    <Modal label={t('Bar replay')} onClose={onClose} initialFocus={field}>
      <form
        className="replay-start"
        onSubmit={(event) => {
          event.preventDefault();
          const instant = readTypedLocalTime(text);
          if (instant === undefined || instant >= services.clock.now()) setProblem(t('Choose a date and time in the past.'));
          else begin(instant, false);
        }}
      >
        <h2>{t('Replay {symbol}', { symbol })}</h2>
        <label>
          {t('From (your time)')}
          <DateField
            fieldRef={field}
            withTime
            data-testid="replay-start-time"
            // The candle's time it opens with is replaced by what is typed (the keys held while it loaded too).
            onFocus={(event) => {
              event.currentTarget.select();
            }}
            value={text}
            onText={(typed) => {
              setText(typed);
              setProblem(undefined);
            }}
          />
        </label>
        {problem && <p role="alert">{problem}</p>}
        <div className="replay-start-actions">
          <button
            type="button"
            data-testid="replay-random"
            onClick={() => {
              begin(randomStart(services.clock.now()), true);
            }}
          >
            {t('Random point, date hidden')}
          </button>
          <button type="button" onClick={onClose}>
            {t('Cancel')}
          </button>
          <button type="submit" className="replay-strong" data-testid="replay-start">
            {t('Start replay')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
