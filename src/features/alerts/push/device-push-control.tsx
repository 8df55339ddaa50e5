/**
 * "Notify this device" in the Alerts panel (loaded on demand by alerts-panel.tsx, only where the
 * browser has Web Push): shown once the server gives its push key and the service worker is
 * ready (it registers after the first candle); hidden on a server without push (404). The state
 * it shows: off, on (with Turn off), blocked by the browser's setting, or failed with the reason.
 */
import { useEffect, useRef, useState } from 'react';
import { t } from '../../../i18n/t';
import { useLanguage } from '../../../i18n/use-language';
import { browserPushEnvironment, loadPushDevice, turnOffPush, turnOnPush, type PushDeviceState, type PushEnvironment, type PushFailure } from './push-device';

// Classes the app's style sheet has already (the first page's CSS does not grow): the panel's "New alert" and small buttons.
const TURN_ON = 'rounded bg-sky-600 px-2 py-0.5 font-medium text-white hover:bg-sky-700 disabled:opacity-60';
const TURN_OFF =
  'rounded border border-slate-300 px-1.5 py-0.5 text-slate-600 hover:bg-slate-100 disabled:opacity-60 dark:border-slate-700 dark:text-slate-300 dark:hover:bg-slate-800';
const TEXT = 'text-slate-500 dark:text-slate-400';

function failureText(failure: PushFailure): string {
  switch (failure.kind) {
    case 'not-allowed':
      return t('Notifications were not allowed, so this device is not notified.');
    case 'subscribe':
      return t('The browser’s push service refused: {reason}', { reason: failure.detail });
    case 'server':
      return t('The server refused this device: {reason}', { reason: failure.detail });
    case 'network':
      return t('The server could not be reached: this device is not notified.');
  }
}

export function DevicePushControl({ environment }: { environment?: PushEnvironment }) {
  useLanguage();
  const [env] = useState(() => environment ?? browserPushEnvironment());
  const [state, setState] = useState<PushDeviceState | { kind: 'checking' }>({ kind: 'checking' });
  const [busy, setBusy] = useState<'on' | 'off'>();
  const key = useRef<Uint8Array<ArrayBuffer>>(undefined);

  useEffect(() => {
    let live = true;
    loadPushDevice(env).then(
      (loaded) => {
        if (!live) return;
        key.current = loaded.key;
        setState(loaded.state);
      },
      () => {
        if (live) setState({ kind: 'unavailable' });
      },
    );
    return () => {
      live = false;
    };
  }, [env]);

  if (state.kind === 'checking' || state.kind === 'unavailable') return null;

  const change = (to: 'on' | 'off'): void => {
    const serverKey = key.current;
    if (busy || (to === 'on' && !serverKey)) return;
    setBusy(to);
    const changed = to === 'on' && serverKey ? turnOnPush(env, serverKey) : turnOffPush(env);
    void changed
      .catch((error: unknown) => ({ kind: 'failed', failure: { kind: 'subscribe', detail: error instanceof Error ? error.message : String(error) } }) as const)
      .then((next) => {
        setState(next);
        setBusy(undefined);
      });
  };

  const turnOnButton = (
    <button
      type="button"
      className={TURN_ON}
      disabled={busy !== undefined}
      onClick={() => {
        change('on');
      }}
    >
      {busy === 'on' ? t('Turning on…') : t('Notify this device')}
    </button>
  );

  return (
    <div data-testid="push-device" data-state={state.kind} className="flex flex-wrap items-center gap-x-2 gap-y-1 px-3 py-1 text-xs">
      {state.kind === 'off' && turnOnButton}
      {state.kind === 'failed' && turnOnButton}
      <span role="status" className={state.kind === 'failed' ? 'text-amber-700 dark:text-amber-300' : TEXT}>
        {state.kind === 'off' && t('Get alerts on this device even when Chartroom is closed.')}
        {state.kind === 'on' && t('This device is notified of alerts, even when Chartroom is closed.')}
        {state.kind === 'blocked' && t('Notifications are blocked in this browser’s settings for this site: allow them there to notify this device.')}
        {state.kind === 'sign-in' && t('Sign in to have alerts notify this device while Chartroom is closed.')}
        {state.kind === 'failed' && failureText(state.failure)}
      </span>
      {state.kind === 'on' && (
        <button
          type="button"
          className={TURN_OFF}
          disabled={busy !== undefined}
          onClick={() => {
            change('off');
          }}
        >
          {busy === 'off' ? t('Turning off…') : t('Turn off')}
        </button>
      )}
    </div>
  );
}
