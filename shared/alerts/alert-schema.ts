/**
 * The alerts and their log as data that crosses a trust boundary (local storage anyone can edit,
 * another tab's or device's records, the server reading what browsers stored): each alert and each
 * log line is checked on its own, by the browser and the server alike.
 */
import * as z from '../schema.ts';
import { PRODUCT_TYPES } from '../contract.ts';
import type { AlertCondition, AlertTrigger } from './alert-model.ts';
import { screenSchema } from '../screener/screen-schema.ts';
import { indicatorConditionSchema } from './indicator-condition.ts';

interface LogLineBase {
  id: string;
  alertId: string;
  symbol: string;
  time: number;
  price: number;
  /** Where the server delivered it (absent: a tab's own trigger, shown in the tabs only). */
  deliveries?: LogDeliveries;
}

/** How one way of delivering a trigger went. */
export interface DeliveryResult {
  state: 'pending' | 'delivered' | 'failed';
  /** For push: the devices it reached (delivered) or the devices tried. */
  devices?: number;
  /** Why it failed (the receiver's status, a refusal). */
  detail?: string;
}

export interface LogDeliveries {
  push?: DeliveryResult;
  webhook?: DeliveryResult;
}

/**
 * One line of the alert log: what happened, as data, said in the language of the moment
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

const positive = z.number().check((value) => (value > 0 ? undefined : 'expected > 0'));
const time = z.number().check(z.minimum(0));
const crossing = z.enum(['up', 'down']);

/**
 * A condition of any kind. A browser whose schema lacks a kind drops the record as damaged (and its
 * tab sync then deletes it), so a new kind must be known here before anything stores one.
 */
export const conditionSchema = z.union([
  z.object({ kind: z.enum(['cross']), level: positive }),
  z.object({ kind: z.enum(['move']), percent: positive.check(z.maximum(1000)), base: positive }),
  z.object({ kind: z.enum(['dayMove']), percent: positive.check(z.maximum(100)) }),
  indicatorConditionSchema,
  z.object({ kind: z.enum(['screen']), name: z.string().check(z.minLength(1), z.maxLength(80)), screen: screenSchema }),
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
  triggers: z
    .array(z.object({ time, price: positive, crossing, symbol: z.optional(z.string().check(z.minLength(1), z.maxLength(40))) }))
    .check(z.maxLength(1000)),
  delivery: z.optional(
    z.object({
      push: z.boolean(),
      webhook: z.optional(z.object({ url: z.string().check(z.minLength(1), z.maxLength(2000)), template: z.string().check(z.maxLength(2000)) })),
    }),
  ),
});

const deliveryResult = z.object({
  state: z.enum(['pending', 'delivered', 'failed']),
  devices: z.optional(z.number().check(z.minimum(0))),
  detail: z.optional(z.string().check(z.maxLength(300))),
});

const logLineBase = {
  id: z.string().check(z.minLength(1), z.maxLength(100)),
  alertId: z.string().check(z.maxLength(100)),
  symbol: z.string().check(z.minLength(1), z.maxLength(40)),
  time,
  price: positive,
  deliveries: z.optional(z.object({ push: z.optional(deliveryResult), webhook: z.optional(deliveryResult) })),
};

export const logSchema: z.Schema<AlertLogEntry> = z.union([
  z.object({ ...logLineBase, condition: conditionSchema, crossing }),
  z.object({ ...logLineBase, text: z.string().check(z.maxLength(500)) }),
]);
