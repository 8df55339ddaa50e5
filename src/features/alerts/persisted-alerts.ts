/**
 * The saved alerts are a trust boundary (anyone can edit local storage): each alert and each log
 * entry is parsed on its own, so one corrupted entry costs that entry, not the others, and the
 * user is told how many were dropped.
 */
import type * as z from '../../api/schema';
import { normalizeSymbol } from '#shared/symbols.ts';
import { MAX_TRIGGERS_KEPT, type Alert } from '#shared/alerts/alert-model.ts';
import { alertSchema, logSchema, type AlertLogEntry } from '#shared/alerts/alert-schema.ts';

export { alertSchema, logSchema } from '#shared/alerts/alert-schema.ts';
export type { AlertLogEntry, FiredLine, TextLine } from '#shared/alerts/alert-schema.ts';

export const ALERTS_STORAGE_KEY = 'chartroom.alerts';
/** 2: a log line says what happened as data (its alert's condition, the crossing), not as English text. */
export const ALERTS_VERSION = 2;
export const MAX_ALERTS = 200;
export const MAX_LOG = 100;

export interface PersistedAlerts {
  alerts: Alert[];
  log: AlertLogEntry[];
}

/** What the storage adapter hands over when the saved text is not JSON at all. */
export const UNREADABLE_ALERTS = Symbol('unreadable alerts');

function entries<T>(value: unknown, schema: z.Schema<T>, limit: number): { kept: T[]; dropped: number } {
  if (value === undefined) return { kept: [], dropped: 0 };
  if (!Array.isArray(value)) return { kept: [], dropped: 1 };
  const kept: T[] = [];
  let dropped = 0;
  const ids = new Set<unknown>();
  for (const item of value) {
    const parsed = schema.safeParse(item);
    const id = parsed.success ? (parsed.data as { id: unknown }).id : undefined;
    if (!parsed.success || ids.has(id)) dropped += 1;
    else {
      ids.add(id);
      kept.push(parsed.data);
    }
  }
  return { kept: kept.slice(0, limit), dropped };
}

/** Parses whatever local storage held; `dropped`: how many entries had to go (the store's text unreadable counts one). */
export function parsePersistedAlerts(raw: unknown): { state: PersistedAlerts; dropped: number } {
  if (raw === undefined || raw === null) return { state: { alerts: [], log: [] }, dropped: 0 };
  if (raw === UNREADABLE_ALERTS || typeof raw !== 'object' || Array.isArray(raw)) return { state: { alerts: [], log: [] }, dropped: 1 };
  const source = raw as Record<string, unknown>;
  // Every saved alert: more than MAX_ALERTS when synced from another device (alert-records.ts).
  const alerts = entries(source.alerts, alertSchema, Number.POSITIVE_INFINITY);
  const log = entries(source.log, logSchema, MAX_LOG);
  return {
    state: {
      alerts: alerts.kept.map((alert) => ({ ...alert, symbol: normalizeSymbol(alert.symbol), triggers: alert.triggers.slice(0, MAX_TRIGGERS_KEPT) })),
      log: log.kept,
    },
    dropped: alerts.dropped + log.dropped,
  };
}
