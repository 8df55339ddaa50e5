/**
 * The controls of a running replay (loaded with the replay): play and pause, one bar back and
 * forward at the active chart's interval, the speed (bars a second, or real time ×1 ×10 ×60), a
 * jump to a time, and back to live. Keys: Shift+Space plays or pauses, Shift+← and Shift+→ step.
 * A blind replay hides its date until it is revealed or ends.
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import { t } from '../../i18n/t';
import { useLanguage } from '../../i18n/use-language';
import { keysAreNotThePages } from '../../lib/key-press';
import { useAppStore } from '../../store/app-store';
import { useReplayFirings } from './replay-firings';
import type { ReplaySpeed } from './replay-clock';
import './replay.css';
import type { ReplayRun } from './replay-runtime';
import { useDatesHidden } from '../../queries/use-dates-hidden';
import { useReplayRun } from './replay-switch';
import { DateField } from '../../components/ui/date-field';
import { readTypedLocalTime, typedDateText } from '../../lib/typed-date';

const SPEEDS: readonly { id: string; label: () => string; speed: (interval: ReplaySpeed) => ReplaySpeed }[] = [
  { id: '1', label: () => t('{count} bars/s', { count: 1 }), speed: () => ({ kind: 'bars', interval: '1m', perSecond: 1 }) },
  { id: '4', label: () => t('{count} bars/s', { count: 4 }), speed: () => ({ kind: 'bars', interval: '1m', perSecond: 4 }) },
  { id: '10', label: () => t('{count} bars/s', { count: 10 }), speed: () => ({ kind: 'bars', interval: '1m', perSecond: 10 }) },
  { id: 'x1', label: () => t('Real time ×{factor}', { factor: 1 }), speed: () => ({ kind: 'realtime', factor: 1 }) },
  { id: 'x10', label: () => t('Real time ×{factor}', { factor: 10 }), speed: () => ({ kind: 'realtime', factor: 10 }) },
  { id: 'x60', label: () => t('Real time ×{factor}', { factor: 60 }), speed: () => ({ kind: 'realtime', factor: 60 }) },
];

function speedId(speed: ReplaySpeed): string {
  return speed.kind === 'realtime' ? `x${String(speed.factor)}` : String(speed.perSecond);
}

/** `2026-11-24 10:05 UTC`. */
export function replayTimeText(at: number): string {
  return `${new Date(at).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** The clock's reading, re-read on its moves and while it glides. */
function useReplayNow(run: ReplayRun): { now: number; playing: boolean; speed: ReplaySpeed } {
  const [, setTick] = useState(0);
  const version = useSyncExternalStore(
    (listener) => run.clock.subscribe(listener),
    () => `${String(run.clock.now())}|${String(run.clock.playing())}|${speedId(run.clock.speed())}`,
  );
  useEffect(() => {
    if (!run.clock.playing() || run.clock.speed().kind !== 'realtime') return undefined;
    const timer = setInterval(() => {
      setTick((tick) => tick + 1);
    }, 500);
    return () => {
      clearInterval(timer);
    };
  }, [run, version]);
  return { now: run.clock.now(), playing: run.clock.playing(), speed: run.clock.speed() };
}

/**
 * The instant the clock last stood still at: `now` while paused, the instant play started from
 * while it plays. A datetime field rebuilds its inner fields and lays the whole page out again at
 * each new value, a layout per bar at ten bars a second; the jump field needs no running time.
 */
function useRestingInstant(now: number, playing: boolean): { instant: number; rest: (at: number) => void } {
  const [resting, setResting] = useState(now);
  if (!playing && resting !== now) setResting(now);
  return { instant: playing ? resting : now, rest: setResting };
}

/** The buttons' marks, drawn (a font may lack the media symbols). */
function Icon({ shape }: { shape: 'back' | 'play' | 'pause' | 'forward' }) {
  const paths = {
    back: 'M3 2h2v12H3zM14 2v12L6 8z',
    play: 'M4 2v12l10-6z',
    pause: 'M4 2h3v12H4zM9 2h3v12H9z',
    forward: 'M11 2h2v12h-2zM2 2v12l8-6z',
  } as const;
  return (
    <svg viewBox="0 0 16 16" width="12" height="12" aria-hidden="true" fill="currentColor">
      <path d={paths[shape]} />
    </svg>
  );
}

export function ReplayControls({ run }: { run: ReplayRun }) {
  useLanguage();
  const { now, playing, speed } = useReplayNow(run);
  const interval = useAppStore((state) => state.workspace.interval);
  const revealed = !useDatesHidden();
  const [jump, setJump] = useState('');
  // The jump's text read as no time: said beside the field until it changes.
  const [jumpUnread, setJumpUnread] = useState(false);
  const resting = useRestingInstant(now, playing);
  // The alerts that fired on the replayed prices: shown here only (src/app/replay-alerts.tsx).
  const firings = useReplayFirings();
  const { clock } = run;

  useEffect(() => {
    const keyDown = (event: KeyboardEvent): void => {
      if (!event.shiftKey || event.altKey || event.ctrlKey || event.metaKey || keysAreNotThePages(event.target)) return;
      if (event.code === 'Space') {
        if (clock.playing()) clock.pause();
        else clock.play();
      } else if (event.key === 'ArrowRight') clock.step(interval, 1);
      else if (event.key === 'ArrowLeft') clock.step(interval, -1);
      else return;
      event.preventDefault();
      event.stopPropagation();
    };
    window.addEventListener('keydown', keyDown, true);
    return () => {
      window.removeEventListener('keydown', keyDown, true);
    };
  }, [clock, interval]);

  return (
    <div role="toolbar" aria-label={t('Bar replay')} data-testid="replay-controls" data-instant={now} data-playing={playing} className="replay-bar">
      <strong className="replay-title">{t('Replay')}</strong>
      <span data-testid="replay-position" className="replay-time">
        {revealed ? replayTimeText(now) : t('Date hidden')}
      </span>
      {!revealed && (
        <button
          type="button"
          onClick={() => {
            run.revealDates();
          }}
        >
          {t('Reveal date')}
        </button>
      )}
      <button
        type="button"
        data-testid="replay-step-back"
        title={`${t('One bar back')} (Shift+←)`}
        aria-label={t('One bar back')}
        onClick={() => {
          clock.step(interval, -1);
        }}
      >
        <Icon shape="back" />
      </button>
      <button
        type="button"
        data-testid="replay-play"
        title={`${playing ? t('Pause') : t('Play')} (Shift+Space)`}
        aria-label={playing ? t('Pause') : t('Play')}
        onClick={() => {
          if (playing) clock.pause();
          else clock.play();
        }}
      >
        <Icon shape={playing ? 'pause' : 'play'} />
      </button>
      <button
        type="button"
        data-testid="replay-step-forward"
        title={`${t('One bar forward')} (Shift+→)`}
        aria-label={t('One bar forward')}
        onClick={() => {
          clock.step(interval, 1);
        }}
      >
        <Icon shape="forward" />
      </button>
      <label>
        {t('Speed')}
        <select
          data-testid="replay-speed"
          value={speedId(speed)}
          onChange={(event) => {
            const chosen = SPEEDS.find((each) => each.id === event.currentTarget.value);
            if (chosen) clock.setSpeed(chosen.speed(speed));
          }}
        >
          {SPEEDS.map((each) => (
            <option key={each.id} value={each.id}>
              {each.label()}
            </option>
          ))}
        </select>
      </label>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          const at = readTypedLocalTime(jump);
          if (at === undefined) {
            setJumpUnread(true);
            return;
          }
          clock.seek(at);
          // The field shows where the replay landed (the live clock's instant when the time typed
          // was past it), not the text typed.
          setJump('');
          resting.rest(clock.now());
        }}
      >
        <DateField
          withTime
          aria-label={t('Jump to')}
          data-testid="replay-jump-time"
          value={jump === '' && revealed ? typedDateText(resting.instant) : jump}
          onText={(text) => {
            setJump(text);
            setJumpUnread(false);
          }}
          aria-invalid={jumpUnread}
        />
        <button type="submit">{t('Jump')}</button>
        {jumpUnread && <span role="alert">{t('Type a date as 2025-11-25.')}</span>}
      </form>
      {firings.map((firing) => (
        <span key={`${firing.alertId}-${String(firing.time)}`} role="status" data-testid="replay-alert" className="replay-alert">
          {t('Alert in the replay: {text}', { text: firing.text })}
        </span>
      ))}
      <button
        type="button"
        data-testid="replay-live"
        className="replay-strong"
        onClick={() => {
          run.stop();
          // A blind replay's date, hidden while it ran, is told at its end.
          if (!revealed) useAppStore.getState().pushNotice('info', () => t('The replay stood at {time}.', { time: replayTimeText(now) }));
        }}
      >
        {t('Back to live')}
      </button>
    </div>
  );
}

/** The controls of the replay that runs, if one does (the app renders this while one runs). */
export function ReplayBar() {
  const run = useReplayRun() as ReplayRun | undefined;
  return run ? <ReplayControls key={run.id} run={run} /> : null;
}
