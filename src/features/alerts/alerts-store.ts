/**
 * The user's alerts and the page's alert log: their own persisted store (local storage key
 * 'chartroom.alerts', version 2), validated entry by entry on the way in (persisted-alerts.ts).
 * Alerts keep their state across reloads (armed, triggered with time and price, expired); what
 * the crossing engine remembers of the price (the side of a level) is not saved: after a reload
 * the first price only sets the side.
 */
import { t } from '../../i18n/t';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { persistedStore } from '../../store/persisted-store';
import type { Alert, AlertCondition } from '#shared/alerts/alert-model.ts';
import type { Observation } from '#shared/alerts/alert-monitor.ts';
import { recordObservation } from '#shared/alerts/record-observation.ts';
import {
  ALERTS_STORAGE_KEY,
  ALERTS_VERSION,
  MAX_ALERTS,
  MAX_LOG,
  parsePersistedAlerts,
  UNREADABLE_ALERTS,
  type AlertLogEntry,
  type PersistedAlerts,
} from './persisted-alerts';
import { wallClock } from '../../time/clock';

/** An alert as the dialog makes it: the store adds its id, state and history. */
export type AlertDraft = Omit<Alert, 'id' | 'status' | 'triggers'>;

/** A trigger just recorded, for the toast, the notification and the sound. */
export interface Triggered {
  alert: Alert;
  entry: AlertLogEntry;
}

export interface AlertsState extends PersistedAlerts {
  /** Set when saved alerts had to be dropped; shown by the panel until dismissed. */
  repairNotice: string | undefined;
  /** Undefined when the user has MAX_ALERTS already: none is ever dropped to make room. */
  add: (draft: AlertDraft) => Alert | undefined;
  /**
   * The dialog's edit: the alert takes the draft's settings (a field the draft lacks, as an expiry
   * cleared, goes); its id, state, history and creation time stay. False when it is gone.
   */
  edit: (id: string, draft: AlertDraft) => boolean;
  update: (id: string, patch: Partial<Pick<Alert, 'condition' | 'direction' | 'repeat' | 'cooldownMs' | 'sound' | 'expiresAt'>>) => void;
  setLevel: (id: string, level: number) => void;
  remove: (id: string) => void;
  /** Arms a triggered or expired alert again (an expiry already past is cleared). */
  rearm: (id: string, now: number) => void;
  /** Records what the monitor answered; returns the triggers recorded. */
  apply: (observation: Observation) => Triggered[];
  /** Moves armed alerts whose expiry is at or before `now` to expired. */
  expireDue: (now: number) => void;
  clearLog: () => void;
  dismissRepairNotice: () => void;
}

let counter = 0;
export function newId(prefix: string): string {
  counter += 1;
  return `${prefix}-${wallClock.now().toString(36)}-${counter.toString(36)}-${Math.random().toString(36).slice(2, 7)}`;
}

function withCondition(alert: Alert, condition: AlertCondition): Alert {
  return { ...alert, condition };
}

export const useAlertsStore = create<AlertsState>()(
  persist(
    (set, get) => ({
      alerts: [],
      log: [],
      repairNotice: undefined,
      add: (draft) => {
        const alert: Alert = { ...draft, id: newId('alert'), status: 'armed', triggers: [] };
        if (get().alerts.length >= MAX_ALERTS) return undefined;
        set((state) => ({ alerts: [...state.alerts, alert] }));
        return alert;
      },
      edit: (id, draft) => {
        if (!get().alerts.some((alert) => alert.id === id)) return false;
        set((state) => ({
          alerts: state.alerts.map((alert) =>
            alert.id === id ? { ...draft, id, createdAt: alert.createdAt, status: alert.status, triggers: alert.triggers } : alert,
          ),
        }));
        return true;
      },
      update: (id, patch) => {
        set((state) => ({ alerts: state.alerts.map((alert) => (alert.id === id ? { ...alert, ...patch } : alert)) }));
      },
      setLevel: (id, level) => {
        if (!(level > 0) || !Number.isFinite(level)) return;
        set((state) => ({
          alerts: state.alerts.map((alert) => (alert.id === id && alert.condition.kind === 'cross' ? withCondition(alert, { kind: 'cross', level }) : alert)),
        }));
      },
      remove: (id) => {
        set((state) => ({ alerts: state.alerts.filter((alert) => alert.id !== id) }));
      },
      rearm: (id, now) => {
        set((state) => ({
          alerts: state.alerts.map((alert) => {
            if (alert.id !== id) return alert;
            const { expiresAt, ...rest } = alert;
            return expiresAt !== undefined && expiresAt > now ? { ...alert, status: 'armed' } : { ...rest, status: 'armed' };
          }),
        }));
      },
      apply: (observation) => {
        const { alerts, recorded } = recordObservation(get().alerts, observation);
        if (recorded.length === 0 && alerts === get().alerts) return [];
        const triggered = recorded.map(({ alert, trigger }): Triggered => ({
          alert,
          // What happened, as data: the line is said in whatever language the log is read in.
          entry: {
            id: newId('log'),
            alertId: alert.id,
            symbol: alert.symbol,
            time: trigger.time,
            price: trigger.price,
            condition: alert.condition,
            crossing: trigger.crossing,
          },
        }));
        set((state) => ({ alerts, log: [...triggered.map((each) => each.entry).reverse(), ...state.log].slice(0, MAX_LOG) }));
        return triggered;
      },
      expireDue: (now) => {
        const due = get().alerts.some((alert) => alert.status === 'armed' && alert.expiresAt !== undefined && alert.expiresAt <= now);
        if (!due) return;
        set((state) => ({
          alerts: state.alerts.map((alert) =>
            alert.status === 'armed' && alert.expiresAt !== undefined && alert.expiresAt <= now ? { ...alert, status: 'expired' } : alert,
          ),
        }));
      },
      clearLog: () => {
        set({ log: [] });
      },
      dismissRepairNotice: () => {
        set({ repairNotice: undefined });
      },
    }),
    persistedStore({
      name: ALERTS_STORAGE_KEY,
      version: ALERTS_VERSION,
      unreadable: UNREADABLE_ALERTS as unknown as PersistedAlerts,
      partialize: (state): PersistedAlerts => ({ alerts: state.alerts, log: state.log }),
      // Version 1's log lines were English text (alerts-migrations.ts); whatever comes is validated in merge.
      migrations: () => import('./alerts-migrations'),
      merge: (persisted, current: AlertsState) => {
        const { state, dropped } = parsePersistedAlerts(persisted);
        const repairNotice = dropped > 0 ? t('{count} saved alert entries were unreadable and dropped; the others are kept.', { count: dropped }) : undefined;
        return { ...current, ...state, repairNotice };
      },
    }),
  ),
);

/** The alerts that need prices: armed ones. */
export function armedAlerts(alerts: readonly Alert[]): Alert[] {
  return alerts.filter((alert) => alert.status === 'armed');
}
