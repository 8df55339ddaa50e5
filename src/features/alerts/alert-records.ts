/**
 * The alerts and the alert log as records, one per alert and one per log line: an alert set in
 * one tab and triggered in another (the tab that evaluates) both hold. The triggers another tab,
 * device or the server recorded show here as toasts (that tab notified and beeped already), but
 * not the history a browser gets when it first meets the server.
 */
import type { RecordValue } from '#shared/records.ts';
import type { RecordAdapter } from '../../store/records/tab-sync';
import type { Alert } from '#shared/alerts/alert-model.ts';
import type { AlertsState } from './alerts-store';
import { newEntries } from './evaluating-tab';
import { alertSchema, logSchema, MAX_LOG, type AlertLogEntry, type PersistedAlerts } from './persisted-alerts';
import { useToasts } from './toasts';
import { announcedText } from './alert-text';
import { t } from '../../i18n/t';
import { beep } from './beep';

export function alertRecordValues(state: PersistedAlerts): Map<string, RecordValue> {
  const values = new Map<string, RecordValue>();
  for (const alert of state.alerts) values.set(`alert:${alert.id}`, { kind: 'alert', value: alert });
  for (const entry of state.log) values.set(`alert-log:${entry.id}`, { kind: 'alert-log', value: entry });
  return values;
}

/** The alerts in the records' order; the log newest first, as the store keeps it. */
export function alertsByRecord(values: ReadonlyMap<string, RecordValue>): PersistedAlerts {
  const alerts: Alert[] = [];
  const log: AlertLogEntry[] = [];
  // Checked as the saved store is: a damaged record from another tab or device is left out.
  for (const { kind, value } of values.values()) {
    if (kind === 'alert') {
      const parsed = alertSchema.safeParse(value);
      if (parsed.success) alerts.push(parsed.data);
    } else if (kind === 'alert-log') {
      const parsed = logSchema.safeParse(value);
      if (parsed.success) log.push(parsed.data);
    }
  }
  log.sort((a, b) => b.time - a.time || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  // Every alert, even past MAX_ALERTS (two devices near it, merged): the cap refuses adding one,
  // and one left out here would be deleted on every device. The log keeps its newest lines.
  return { alerts, log: log.slice(0, MAX_LOG) };
}

/** Whether this build reads the record (a later build's condition kind, say, it does not: kept as it is). */
function readableAlertRecord({ kind, value }: RecordValue): boolean {
  if (kind === 'alert') return alertSchema.safeParse(value).success;
  if (kind === 'alert-log') return logSchema.safeParse(value).success;
  return false;
}

export const alertRecords: RecordAdapter<AlertsState> = {
  store: 'alerts',
  readable: readableAlertRecord,
  sources: (state) => [state.alerts, state.log],
  values: alertRecordValues,
  apply: (store, values, history = false) => {
    const before = store.getState().log;
    const next = alertsByRecord(values);
    store.setState(next);
    // The workspace's past, as the server's first read brings it (a device new to it, or back from
    // days away), shows in the log: no toast or beep as if it had just fired.
    const arrived = history ? [] : newEntries(before, next.log);
    for (const entry of arrived) useToasts.getState().push(t('Alert: {symbol}', { symbol: entry.symbol }), announcedText(entry));
    // The server's triggers (it evaluates where it keeps the workspace) beep here as a tab's would.
    const byId = new Map(next.alerts.map((alert) => [alert.id, alert]));
    if (arrived.some((entry) => entry.deliveries !== undefined && byId.get(entry.alertId)?.sound === true)) beep();
  },
};
