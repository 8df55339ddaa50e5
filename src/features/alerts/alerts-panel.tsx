/**
 * The Alerts panel: every alert with its state (armed; triggered, with time and price; expired),
 * edit, re-arm and delete, "New alert", "Notify this device" (Web Push of the server's alerts, where
 * the browser and the server have it), and the page's log of triggers, with where the server
 * delivered each of its own.
 */
import { t, type MessageKey } from '../../i18n/t';
import { useLanguage } from '../../i18n/use-language';
import { Fragment, useEffect, useState, type ComponentType } from 'react';
import { DOWNLOAD_FAILED_EVENT } from '../../lib/page-events';
import { useAppServices } from '../../queries/app-services-context';
import { useAppStore } from '../../store/app-store';
import type { Alert } from '#shared/alerts/alert-model.ts';
import { conditionText, deliveryParts, logLineText, priceText, repeatText, timeText, type DeliveryPart } from './alert-text';
import type { LogDeliveries } from '#shared/alerts/alert-schema.ts';
import { useAlertsStore } from './alerts-store';
import { openAlertDialog } from './dialog-state';
import { useServerAlertsStatus } from './server-evaluates';
import { askNotificationPermission, notificationsAllowed } from './notify';

const STATUS_STYLE: Record<Alert['status'], string> = {
  armed: 'bg-emerald-500/15 text-emerald-700 dark:text-emerald-300',
  triggered: 'bg-amber-500/15 text-amber-700 dark:text-amber-300',
  expired: 'bg-slate-500/15 text-slate-600 dark:text-slate-400',
};
const SMALL_BUTTON = 'rounded px-1.5 py-0.5 text-xs text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800';

function AlertRow({ alert }: { alert: Alert }) {
  const remove = useAlertsStore((state) => state.remove);
  const rearm = useAlertsStore((state) => state.rearm);
  const { clock } = useAppServices();
  const [last] = alert.triggers;
  return (
    <li
      data-testid="alert-row"
      data-status={alert.status}
      data-symbol={alert.symbol}
      className="flex items-start gap-2 border-b border-slate-100 px-3 py-1.5 text-sm last:border-b-0 dark:border-slate-800"
    >
      <div className="min-w-0 flex-1">
        <div className="flex items-baseline gap-2">
          <span className="font-semibold">{alert.symbol}</span>
          <span className={`rounded px-1 text-[11px] font-medium uppercase ${STATUS_STYLE[alert.status]}`}>{t(STATUS_WORDS[alert.status])}</span>
        </div>
        <div className="text-xs text-slate-600 dark:text-slate-300">
          {conditionText(alert)} · {repeatText(alert)}
          {alert.sound && ` · ${t('sound')}`}
          {alert.delivery?.webhook && ` · ${t('webhook')}`}
        </div>
        {last && (
          <div className="text-xs text-amber-700 dark:text-amber-300">
            {last.symbol === undefined
              ? t('Triggered {time} at {price}', { time: timeText(last.time), price: priceText(last.price) })
              : t('{symbol} entered {time} at {price}', { symbol: last.symbol, time: timeText(last.time), price: priceText(last.price) })}
          </div>
        )}
        {alert.expiresAt !== undefined && (
          <div className="text-xs text-slate-500 dark:text-slate-400">
            {t(alert.status === 'expired' ? 'Expired {time}' : 'Expires {time}', { time: timeText(alert.expiresAt) })}
          </div>
        )}
      </div>
      <div className="flex shrink-0 gap-1">
        <button
          type="button"
          className={SMALL_BUTTON}
          onClick={() => {
            openAlertDialog({ symbol: alert.symbol, ...(alert.type && { type: alert.type }), alertId: alert.id });
          }}
          aria-label={t('Edit the {symbol} alert ({condition})', { symbol: alert.symbol, condition: conditionText(alert) })}
        >
          {t('Edit')}
        </button>
        {alert.status !== 'armed' && (
          <button
            type="button"
            className={SMALL_BUTTON}
            onClick={() => {
              rearm(alert.id, clock.now());
            }}
            aria-label={t('Re-arm the {symbol} alert', { symbol: alert.symbol })}
          >
            {t('Re-arm')}
          </button>
        )}
        <button
          type="button"
          className={SMALL_BUTTON}
          onClick={() => {
            remove(alert.id);
          }}
          aria-label={t('Delete the {symbol} alert ({condition})', { symbol: alert.symbol, condition: conditionText(alert) })}
        >
          ×
        </button>
      </div>
    </li>
  );
}

function NotificationLine() {
  const [, refresh] = useState(0);
  if (typeof window === 'undefined' || !('Notification' in window)) return null;
  if (notificationsAllowed()) return null;
  if (Notification.permission === 'denied')
    return (
      <p className="px-3 py-1 text-xs text-slate-500 dark:text-slate-400">
        {t('Browser notifications are blocked for this site: alerts show here and as toasts.')}
      </p>
    );
  return (
    <p className="px-3 py-1 text-xs text-slate-500 dark:text-slate-400">
      <button
        type="button"
        className="text-sky-700 underline dark:text-sky-400"
        onClick={() => {
          void askNotificationPermission().then(() => {
            refresh((n) => n + 1);
          });
        }}
      >
        {t('Allow notifications')}
      </button>{' '}
      {t('to hear of triggers while this tab is in the background.')}
    </p>
  );
}

/** Web Push in this browser: a service worker, PushManager and notifications. */
const canPush = (): boolean => typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

/**
 * "Notify this device" (push/device-push-control.tsx): its code loads when the panel shows, in a
 * browser with Web Push only, so neither the first page nor this panel's chunk carries it; not on
 * a server whose status says it has no push (no workspace: its key route answered 404, an error
 * in the console each time the panel showed).
 */
function DevicePush() {
  const [Control, setControl] = useState<ComponentType>();
  const status = useServerAlertsStatus();
  // Unknown (signed out, no answer): the control asks the key route itself.
  const serverMayPush = status === null || status?.push === true;
  useEffect(() => {
    if (!canPush() || !serverMayPush) return;
    let live = true;
    import('./push/device-push-control').then(
      (module) => {
        if (live) setControl(() => module.DevicePushControl);
      },
      () => {
        // Not downloaded (offline, another build's chunk): the control is left out; the page asks whether a new build came.
        window.dispatchEvent(new Event(DOWNLOAD_FAILED_EVENT));
      },
    );
    return () => {
      live = false;
    };
  }, [serverMayPush]);
  return Control ? <Control /> : null;
}

const DELIVERY_STYLE: Record<DeliveryPart['state'], string> = {
  pending: 'text-slate-500 dark:text-slate-400',
  delivered: 'text-emerald-700 dark:text-emerald-300',
  failed: 'text-red-600 dark:text-red-400',
};

/** Where the server delivered a trigger: "Pushed to 2 devices · Webhook failed: the receiver answered 500". */
function Deliveries({ deliveries }: { deliveries: LogDeliveries }) {
  const parts = deliveryParts(deliveries);
  return (
    <span data-testid="alert-log-delivery" className="block">
      {parts.map((part, index) => (
        <Fragment key={part.channel}>
          {index > 0 && ' · '}
          <span data-channel={part.channel} data-state={part.state} className={DELIVERY_STYLE[part.state]}>
            {part.text}
          </span>
        </Fragment>
      ))}
    </span>
  );
}

const STATUS_WORDS: Record<Alert['status'], MessageKey> = { armed: 'armed', triggered: 'triggered', expired: 'expired' };

export function AlertsPanel() {
  useLanguage();
  const alerts = useAlertsStore((state) => state.alerts);
  const log = useAlertsStore((state) => state.log);
  const clearLog = useAlertsStore((state) => state.clearLog);
  const repairNotice = useAlertsStore((state) => state.repairNotice);
  const dismissRepair = useAlertsStore((state) => state.dismissRepairNotice);
  const symbol = useAppStore((state) => state.workspace.symbol);
  const type = useAppStore((state) => state.workspace.type);
  const order: Alert['status'][] = ['armed', 'triggered', 'expired'];
  const sorted = [...alerts].sort((a, b) => order.indexOf(a.status) - order.indexOf(b.status));

  return (
    <div className="flex h-full flex-col" data-testid="alerts-panel">
      <div className="flex items-center justify-between gap-2 border-b border-slate-200 px-3 py-1.5 dark:border-slate-800">
        <span className="text-xs text-slate-500 dark:text-slate-400">{t('{n} armed', { n: alerts.filter((alert) => alert.status === 'armed').length })}</span>
        <button
          type="button"
          onClick={() => {
            openAlertDialog({ symbol, ...(type && { type }) });
          }}
          className="rounded bg-sky-600 px-2 py-0.5 text-xs font-medium text-white hover:bg-sky-700"
        >
          + {t('New alert')}
        </button>
      </div>
      {repairNotice !== undefined && (
        <p
          role="status"
          className="mx-3 mt-2 flex items-center justify-between gap-2 rounded border border-amber-500/40 bg-amber-500/10 px-2 py-1 text-xs text-amber-800 dark:text-amber-200"
        >
          <span>{repairNotice}</span>
          <button type="button" aria-label={t('Dismiss')} onClick={dismissRepair} className="rounded px-1 hover:bg-amber-500/20">
            ×
          </button>
        </p>
      )}
      <NotificationLine />
      <DevicePush />
      {sorted.length === 0 ? (
        <p className="px-3 py-3 text-sm text-slate-500 dark:text-slate-400">
          {t('No alerts yet. Create one here, from a watchlist row (the bell), or at a price on the chart.')}
        </p>
      ) : (
        <ul aria-label={t('Alerts')}>
          {sorted.map((alert) => (
            <AlertRow key={alert.id} alert={alert} />
          ))}
        </ul>
      )}
      <div className="mt-2 flex items-center justify-between border-t border-b border-slate-200 px-3 py-1 dark:border-slate-800">
        <h3 className="text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400">{t('Trigger log')}</h3>
        {log.length > 0 && (
          <button type="button" className={SMALL_BUTTON} onClick={clearLog}>
            {t('Clear')}
          </button>
        )}
      </div>
      {log.length === 0 ? (
        <p className="px-3 py-2 text-xs text-slate-500 dark:text-slate-400">{t('Triggers are logged here.')}</p>
      ) : (
        <ol aria-label={t('Alert log')} className="text-xs">
          {log.map((entry) => (
            <li key={entry.id} data-testid="alert-log-entry" className="border-b border-slate-100 px-3 py-1 last:border-b-0 dark:border-slate-800">
              <span className="text-slate-500 tabular-nums dark:text-slate-400">{timeText(entry.time)}</span> {logLineText(entry)}
              {entry.deliveries && <Deliveries deliveries={entry.deliveries} />}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
