/**
 * The saved alerts are a trust boundary (anyone can edit local storage): each alert and each log
 * entry is parsed on its own, so one corrupted entry costs that entry, not the others, and the
 * user is told how many were dropped.
 */
import * as z from '../../api/schema';
import { PRODUCT_TYPES } from '#shared/contract.ts';
import { normalizeSymbol } from '#shared/symbols.ts';
import { MAX_TRIGGERS_KEPT, type Alert, type AlertCondition, type AlertTrigger } from '#shared/alerts/alert-model.ts';

export const ALERTS_STORAGE_KEY = 'chartroom.alerts';
/** 2: a log line says what happened as data (its alert's condition, the crossing), not as English text. */
export const ALERTS_VERSION = 2;
export const MAX_ALERTS = 200;
export const MAX_LOG = 100;

interface LogLineBase {
  id: string;
  alertId: string;
  symbol: string;
  time: number;
  price: number;
}

/**
 * One line of the page's alert log: what happened, as data, said in the language of the moment
 * (alert-text.ts, logLineText): the alert's condition when it fired and which way the price went.
 */
export interface FiredLine extends LogLineBase {
  condition: AlertCondition;
  crossing: AlertTrigger['crossing'];
}

/** A line saved as text before version 2 that could not be read back as data: shown as written. */
export interface TextLine extends LogLineBase {
  text: string;
}

export type AlertLogEntry = FiredLine | TextLine;

export interface PersistedAlerts {
  alerts: Alert[];
  log: AlertLogEntry[];
}

/** What the storage adapter hands over when the saved text is not JSON at all. */
export const UNREADABLE_ALERTS = Symbol('unreadable alerts');

const positive = z.number().check((value) => (value > 0 ? undefined : 'expected > 0'));
const time = z.number().check(z.minimum(0));
const crossing = z.enum(['up', 'down']);

const conditionSchema = z.union([
  z.object({ kind: z.enum(['cross']), level: positive }),
  z.object({ kind: z.enum(['move']), percent: positive.check(z.maximum(1000)), base: positive }),
]);

export const alertSchema = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(100)),
  symbol: z.string().check(z.minLength(1), z.maxLength(40)),
  type: z.optional(z.enum(PRODUCT_TYPES)),
  condition: conditionSchema,
  direction: z.enum(['up', 'down', 'either']),
  repeat: z.enum(['once', 'every']),
  cooldownMs: time,
  sound: z.boolean(),
  createdAt: time,
  expiresAt: z.optional(time),
  status: z.enum(['armed', 'triggered', 'expired']),
  triggers: z.array(z.object({ time, price: positive, crossing })).check(z.maxLength(1000)),
});

const logLineBase = {
  id: z.string().check(z.minLength(1), z.maxLength(100)),
  alertId: z.string().check(z.maxLength(100)),
  symbol: z.string().check(z.minLength(1), z.maxLength(40)),
  time,
  price: positive,
};

export const logSchema: z.Schema<AlertLogEntry> = z.union([
  z.object({ ...logLineBase, condition: conditionSchema, crossing }),
  z.object({ ...logLineBase, text: z.string().check(z.maxLength(500)) }),
]);

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
  const alerts = entries(source.alerts, alertSchema, MAX_ALERTS);
  const log = entries(source.log, logSchema, MAX_LOG);
  return {
    state: {
      alerts: alerts.kept.map((alert) => ({ ...alert, symbol: normalizeSymbol(alert.symbol), triggers: alert.triggers.slice(0, MAX_TRIGGERS_KEPT) })),
      log: log.kept,
    },
    dropped: alerts.dropped + log.dropped,
  };
}
