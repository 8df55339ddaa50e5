/**
 * What an alert is: a symbol, a condition (a level to cross, a move of N % from the price when it
 * was set, or an indicator condition), the direction that counts, once or every time (with a
 * cooldown), an optional expiry, and what happened to it. Levels are raw live prices (the ticker's
 * last price), never adjusted chart prices.
 */
import type { ProductType } from '#shared/contract.ts';
import { normalizeSymbol } from '#shared/symbols.ts';
import type { Screen } from '#shared/screener/screen-model.ts';
import type { IndicatorCondition } from './indicator-condition.ts';

/** A crossing's direction: the price came up to the level from below, or down from above. */
export type Crossing = 'up' | 'down';
export type AlertDirection = Crossing | 'either';
export type AlertStatus = 'armed' | 'triggered' | 'expired';
export type AlertRepeat = 'once' | 'every';

export type AlertCondition =
  /** The price crosses `level`. */
  | { kind: 'cross'; level: number }
  /** The price moves `percent` % away from `base` (the price when the alert was set). */
  | { kind: 'move'; percent: number; base: number }
  /**
   * The day's move reaches `percent` %: the price crosses the previous close (day-reference.ts)
   * ± `percent` %. The levels are a new pair each market day; the first price of a day takes its
   * side from the previous close, so a gap past the level fires at the open.
   */
  | { kind: 'dayMove'; percent: number }
  /**
   * A line of an indicator (or a price field) against a level or another line, on the bars of an
   * interval (indicator-condition.ts). Only the server evaluates these (server/alerts/
   * indicator-alerts.ts, on its K-lines and feed): the browser shows and syncs them but has no
   * bars to evaluate them on with the tab closed, so its price monitor skips them (targetsOf).
   * The operator says which way counts; the alert's `direction` is not read.
   */
  | IndicatorCondition
  | ScreenEntryCondition;

/**
 * A symbol enters a screen: it matches now and did not at the screen's previous evaluation. Only
 * the server evaluates it (server/alerts/screen-alerts.ts, on the screener's warm universe); the
 * alert's `symbol` is the screen's name, each trigger names its entrant (`AlertTrigger.symbol`),
 * and a repeating alert's cooldown counts per entrant.
 */
export interface ScreenEntryCondition {
  kind: 'screen';
  /** The screen's name when the alert was set (a preset's, a saved screen's). */
  name: string;
  screen: Screen;
}

export interface AlertTrigger {
  /** The price's time (ms UTC, the data's clock). */
  time: number;
  price: number;
  crossing: Crossing;
  /** The symbol that fired a screen alert (its entrant); absent for an alert on one symbol. */
  symbol?: string;
}

/** Alerts the server alone evaluates: no price level for a tab's monitor to watch. */
export function serverOnly(condition: AlertCondition): condition is IndicatorCondition | ScreenEntryCondition {
  return condition.kind === 'indicator' || condition.kind === 'screen';
}

/** The symbol a trigger is about: a screen alert's entrant, else the alert's own. */
export function triggerSymbol(alert: Pick<Alert, 'symbol'>, trigger: Pick<AlertTrigger, 'symbol'>): string {
  return trigger.symbol ?? alert.symbol;
}

/** A webhook an alert calls when it fires (server alerts). */
export interface AlertWebhook {
  /** http(s) URL; the server calls only hosts its operator allows (WEBHOOK_ALLOW). */
  url: string;
  /** The message, with {{symbol}}, {{price}}, {{condition}} and {{time}} filled in. */
  template: string;
}

/** Where the server delivers an alert's triggers, beyond the open tabs' toasts. */
export interface AlertDelivery {
  /** Web Push to every device of the user that allowed notifications. */
  push: boolean;
  webhook?: AlertWebhook;
}

export interface Alert {
  id: string;
  symbol: string;
  type?: ProductType;
  condition: AlertCondition;
  direction: AlertDirection;
  repeat: AlertRepeat;
  /** For repeating alerts: crossings this soon after the last trigger are not reported. */
  cooldownMs: number;
  sound: boolean;
  createdAt: number;
  /** Past this instant (data clock) an armed alert becomes expired. */
  expiresAt?: number;
  status: AlertStatus;
  /** Newest first, a few kept. */
  triggers: AlertTrigger[];
  /** Server alerts: push and webhook delivery (absent: push to the user's devices, no webhook). */
  delivery?: AlertDelivery;
}

/** How many triggers an alert keeps (its log entries are in the store's log). */
export const MAX_TRIGGERS_KEPT = 10;

/** One level the price must cross, and which way counts. */
export interface AlertTarget {
  level: number;
  direction: AlertDirection;
}

/**
 * The levels of an alert: a crossing alert has its level; a move alert the price N % above its
 * base (counted upward) and/or N % below (counted downward); a day move the same from the day's
 * reference (none while it is unknown); an indicator alert none (it is not a price level: the
 * server evaluates it on bars, and the browser's monitor leaves it alone).
 */
export function targetsOf(alert: Pick<Alert, 'condition' | 'direction'>, dayReference?: number): AlertTarget[] {
  const { condition, direction } = alert;
  if (serverOnly(condition)) return [];
  if (condition.kind === 'cross') return [{ level: condition.level, direction }];
  const base = condition.kind === 'move' ? condition.base : dayReference;
  if (base === undefined) return [];
  const up = { level: base * (1 + condition.percent / 100), direction: 'up' as const };
  const down = { level: base * (1 - condition.percent / 100), direction: 'down' as const };
  if (direction === 'up') return [up];
  if (direction === 'down') return [down];
  return [up, down];
}

/**
 * A repeating alert's crossing this soon after its last trigger is not reported (consumed, not
 * postponed): the price monitor and the server's indicator alerts apply the same rule.
 */
export function coolingDown(alert: Pick<Alert, 'repeat' | 'triggers' | 'cooldownMs'>, time: number, symbol?: string): boolean {
  const last = lastTrigger(alert, symbol);
  return alert.repeat === 'every' && last !== undefined && time - last.time < alert.cooldownMs;
}

/** The alert's newest trigger; with `symbol` (a screen's entrant), its newest for that symbol. */
export function lastTrigger(alert: Pick<Alert, 'triggers'>, symbol?: string): AlertTrigger | undefined {
  return symbol === undefined ? alert.triggers[0] : alert.triggers.find((trigger) => trigger.symbol === symbol);
}

/** The key alerts and the feed share for a symbol: '00700.HK' and '700.HK' are one instrument. */
export function instrumentKey(symbol: string, type: ProductType | undefined): string {
  return `${type ?? ''}|${normalizeSymbol(symbol)}`;
}
