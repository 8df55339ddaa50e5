/**
 * What runs while the page lives once the alerts' code is there (after the first candle): the
 * feeds that evaluate every price of the armed alerts' symbols (in one tab of the browser:
 * evaluating-tab.ts), the expiry clock, the lines on the
 * chart, the dialog, the toasts, and the openers other features reach through
 * src/components/alert-opener.ts.
 */
import { t } from '../../i18n/t';
import { useCallback, useEffect, useState } from 'react';
import { registerAlertCreator, registerAlertOpener, type AlertSpec, type ScreenAlertSpec } from '../../components/alert-opener';
import { normalizeSymbol } from '#shared/symbols.ts';
import { useAppServices } from '../../queries/app-services-context';
import type { Clock } from '../../time/clock';
import { AlertDialogHost } from './alert-dialog';
import { AlertFeeds } from './alert-feed';
import { AlertLines } from './alert-lines';
import { AlertMonitor } from '#shared/alerts/alert-monitor.ts';
import { fullText } from './alert-text';
import { announce } from './announce';
import { useAlertsStore, type Triggered } from './alerts-store';
import { openAlertDialog } from './dialog-state';
import { askNotificationPermission } from './notify';
import { Toaster } from './toasts';
import { useEvaluatingTab } from './evaluating-tab';
import { useBrowserEvaluatesAlerts, useServerEvaluatesAlerts } from './server-evaluates';

/** A symbol that enters a screen again within a day does not fire again (screen alerts count it per symbol). */
const SCREEN_ALERT_COOLDOWN_MS = 24 * 60 * 60 * 1000;

type Created = { ok: true; id: string } | { ok: false; message: string };

/**
 * A screen alert, which only the server evaluates (`serverEvaluates`: whether this server does,
 * for this user): every symbol entering the screen fires it, once a day per symbol.
 */
function createScreenAlert(spec: ScreenAlertSpec, now: number, serverEvaluates: boolean | undefined): Created {
  if (serverEvaluates !== true) return { ok: false, message: t('Only the server evaluates screen alerts, and this server keeps no alerts for you.') };
  const name = spec.name.trim().slice(0, 80) || t('Untitled screen');
  void askNotificationPermission();
  const alert = useAlertsStore.getState().add({
    symbol: name.slice(0, 40),
    condition: { kind: 'screen', name, screen: spec.screen },
    direction: 'up',
    repeat: 'every',
    cooldownMs: SCREEN_ALERT_COOLDOWN_MS,
    sound: false,
    createdAt: now,
  });
  return alert ? { ok: true, id: alert.id } : { ok: false, message: fullText() };
}

/**
 * Checks a spec from another feature and creates its alert at `now`: a drawing's line makes a
 * once-only crossing alert, the screener a screen alert.
 */
export function createAlertFromSpec(spec: AlertSpec | ScreenAlertSpec, now: number, serverEvaluates?: boolean): Created {
  if ('screen' in spec) return createScreenAlert(spec, now, serverEvaluates);
  const symbol = normalizeSymbol(spec.symbol);
  if (symbol === '') return { ok: false, message: t('An alert needs a symbol.') };
  if (!Number.isFinite(spec.level) || spec.level <= 0) return { ok: false, message: t('An alert level must be a price above zero.') };
  void askNotificationPermission();
  const alert = useAlertsStore.getState().add({
    symbol,
    ...(spec.type && { type: spec.type }),
    condition: { kind: 'cross', level: spec.level },
    direction: spec.direction ?? 'either',
    repeat: 'once',
    cooldownMs: 0,
    sound: false,
    createdAt: now,
  });
  return alert ? { ok: true, id: alert.id } : { ok: false, message: fullText() };
}

const EXPIRY_CHECK_MS = 1_000;

/** Expires the dated alerts on the data's `clock`: each second, and at once when it jumps. */
function useExpiry(clock: Clock): void {
  const dated = useAlertsStore((state) => state.alerts.some((alert) => alert.status === 'armed' && alert.expiresAt !== undefined));
  useEffect(() => {
    if (!dated) return undefined;
    const check = () => {
      useAlertsStore.getState().expireDue(clock.now());
    };
    check();
    const timer = setInterval(check, EXPIRY_CHECK_MS);
    const unsubscribe = clock.subscribe(check);
    return () => {
      clearInterval(timer);
      unsubscribe();
    };
  }, [clock, dated]);
}

export function AlertsRuntime() {
  const [monitor] = useState(() => new AlertMonitor());
  const onTriggered = useCallback((triggered: Triggered[]) => {
    announce(triggered);
  }, []);
  useEffect(() => registerAlertOpener(openAlertDialog), []);
  const { clock } = useAppServices();
  const evaluating = useEvaluatingTab();
  // Where the server evaluates, its triggers arrive as records (alert-records.ts shows them).
  const serverEvaluates = useServerEvaluatesAlerts();
  useEffect(
    () => registerAlertCreator((spec) => createAlertFromSpec(spec, clock.now(), serverEvaluates), serverEvaluates !== undefined),
    [clock, serverEvaluates],
  );
  const browserEvaluates = useBrowserEvaluatesAlerts();
  useExpiry(clock);
  return (
    <>
      {evaluating && browserEvaluates && <AlertFeeds monitor={monitor} onTriggered={onTriggered} />}
      <AlertLines />
      <AlertDialogHost />
      <Toaster />
    </>
  );
}
