/** The words of alerts: what one watches, what a trigger was, how a price reads. */
import { dateLocale } from '../../i18n/format';
import { offsetLabel } from '../../lib/zone-label';
import { t, type MessageKey } from '../../i18n/t';
import { MAX_ALERTS, type AlertLogEntry } from './persisted-alerts';
import type { Alert, AlertTrigger } from '#shared/alerts/alert-model.ts';
import { firedConditionText, indicatorConditionText } from '#shared/alerts/indicator-condition-text.ts';
import type { DeliveryResult, LogDeliveries } from '#shared/alerts/alert-schema.ts';

/** A price as typed or received, without float noise (0.1 + 0.2), at most 8 decimals. */
export function priceText(value: number): string {
  return Number(value.toPrecision(12))
    .toFixed(8)
    .replace(/\.?0+$/, '');
}

const CROSS_WORDS: Record<Alert['direction'], MessageKey> = { up: 'crosses above {level}', down: 'crosses below {level}', either: 'crosses {level}' };
const MOVE_WORDS: Record<Alert['direction'], MessageKey> = {
  up: 'rises {percent} % from {base}',
  down: 'falls {percent} % from {base}',
  either: 'moves {percent} % from {base}',
};
const DAY_MOVE_WORDS: Record<Alert['direction'], MessageKey> = {
  up: 'rises {percent} % within the day',
  down: 'falls {percent} % within the day',
  either: 'moves {percent} % within the day',
};

/**
 * "crosses above 101.5", "moves 5 % from 100", "RSI(14) on 1h crosses above 70". An indicator
 * condition reads in the trade's English terms in every language (indicator-condition-text.ts), as
 * the chart's legends name indicators; its operator says the direction.
 */
export function conditionText(alert: Pick<Alert, 'condition' | 'direction'>): string {
  const { condition, direction } = alert;
  if (condition.kind === 'indicator') return indicatorConditionText(condition);
  if (condition.kind === 'screen') return t('a symbol enters the screen “{name}”', { name: condition.name });
  if (condition.kind === 'cross') return t(CROSS_WORDS[direction], { level: priceText(condition.level) });
  if (condition.kind === 'dayMove') return t(DAY_MOVE_WORDS[direction], { percent: priceText(condition.percent) });
  return t(MOVE_WORDS[direction], { percent: priceText(condition.percent), base: priceText(condition.base) });
}

const HOUR_MS = 3_600_000;

/**
 * How often the alert fires: "once", "every time", "every time, 15 min apart", "every time, 2 h
 * apart" (whole hours from an hour up); a screen alert's pause is each symbol's, not the alert's.
 */
export function repeatText(alert: Pick<Alert, 'repeat' | 'cooldownMs' | 'condition'>): string {
  if (alert.repeat === 'once') return t('once');
  const { cooldownMs } = alert;
  if (alert.condition.kind === 'screen') return t('each entry, a symbol at most once in {n} h', { n: Math.round((cooldownMs / HOUR_MS) * 10) / 10 });
  if (cooldownMs <= 0) return t('every time');
  if (cooldownMs >= HOUR_MS && cooldownMs % HOUR_MS === 0) return t('every time, {n} h apart', { n: cooldownMs / HOUR_MS });
  return t('every time, {n} min apart', { n: cooldownMs / 60_000 });
}

export function triggerText(alert: Pick<Alert, 'symbol' | 'condition'>, trigger: Pick<AlertTrigger, 'price' | 'crossing'>): string {
  return `${alert.symbol} ${firedText(alert, trigger)}`;
}

/** What a trigger was without its symbol ("crossed above 400: 401.2"): under a title that names the symbol (a toast, a notification). */
export function firedText(alert: Pick<Alert, 'condition'>, trigger: Pick<AlertTrigger, 'price' | 'crossing'>): string {
  const up = trigger.crossing === 'up';
  const { condition } = alert;
  let what: string;
  if (condition.kind === 'indicator') what = firedConditionText(condition, trigger.crossing);
  else if (condition.kind === 'screen') what = t('entered the screen “{name}”', { name: condition.name });
  else if (condition.kind === 'cross') what = t(up ? 'crossed above {level}' : 'crossed below {level}', { level: priceText(condition.level) });
  else if (condition.kind === 'dayMove')
    what = t(up ? 'rose {percent} % within the day' : 'fell {percent} % within the day', { percent: priceText(condition.percent) });
  else
    what = t(up ? 'rose {percent} % from {base}' : 'fell {percent} % from {base}', { percent: priceText(condition.percent), base: priceText(condition.base) });
  return `${what}: ${priceText(trigger.price)}`;
}

/**
 * A trigger's line under a title that names its symbol ("Alert: 700.HK"): the symbol is not said
 * twice; a line saved as text is as written.
 */
export function announcedText(entry: AlertLogEntry): string {
  return 'text' in entry ? entry.text : firedText(entry, entry);
}

/**
 * A log line in the language of the moment ("700.HK crossed above 400: 401.2", "AAPL.US RSI(14) on
 * 1h crosses above 70: 231.5", the price being the bar's close or the tick's); a line saved as
 * text, as written.
 */
export function logLineText(entry: AlertLogEntry): string {
  return 'text' in entry ? entry.text : triggerText(entry, entry);
}

/** One way of delivering a trigger as the log says it, and how it went (the panel colours it). */
export interface DeliveryPart {
  channel: 'push' | 'webhook' | 'none';
  state: DeliveryResult['state'];
  text: string;
}

/** A failure's reason as the server wrote it; a receiver's bare status ("HTTP 500") in the reader's words. */
function reasonText(detail: string | undefined): string | undefined {
  if (detail === undefined || detail.trim() === '') return undefined;
  const status = /^HTTP (\d{3})$/.exec(detail.trim())?.[1];
  return status !== undefined ? t('the receiver answered {status}', { status }) : detail;
}

/**
 * Where the server delivered a trigger, compactly: "Pushed to 2 devices", "Webhook delivered",
 * "Webhook failed: the receiver answered 500"; one "Sending…" while every way is pending. A line
 * the server wrote with nowhere to deliver says so.
 */
export function deliveryParts(deliveries: LogDeliveries): DeliveryPart[] {
  const { push, webhook } = deliveries;
  const results = [push, webhook].filter((result) => result !== undefined);
  if (results.length === 0) return [{ channel: 'none', state: 'delivered', text: t('Not sent: no device to notify, no webhook') }];
  if (results.every((result) => result.state === 'pending')) return [{ channel: 'none', state: 'pending', text: t('Sending…') }];
  const parts: DeliveryPart[] = [];
  if (push) {
    const reason = reasonText(push.detail);
    const text =
      push.state === 'delivered'
        ? push.devices !== undefined
          ? push.devices === 1
            ? t('Pushed to 1 device')
            : t('Pushed to {n} devices', { n: push.devices })
          : t('Pushed')
        : push.state === 'pending'
          ? t('Push sending…')
          : reason !== undefined
            ? t('Push failed: {reason}', { reason })
            : t('Push failed');
    parts.push({ channel: 'push', state: push.state, text });
  }
  if (webhook) {
    const reason = reasonText(webhook.detail);
    const text =
      webhook.state === 'delivered'
        ? t('Webhook delivered')
        : webhook.state === 'pending'
          ? t('Webhook sending…')
          : reason !== undefined
            ? t('Webhook failed: {reason}', { reason })
            : t('Webhook failed');
    parts.push({ channel: 'webhook', state: webhook.state, text });
  }
  return parts;
}

/** The delivery of a log line as one text ("Pushed to 2 devices · Webhook delivered"); '' for a tab's own trigger. */
export function deliveryText(entry: Pick<AlertLogEntry, 'deliveries'>): string {
  return entry.deliveries
    ? deliveryParts(entry.deliveries)
        .map((part) => part.text)
        .join(' · ')
    : '';
}

/**
 * A time of the data's clock as the user reads it, in the browser's zone and naming it as every
 * other clock time of the app does ("25 Nov, 15:00:00 UTC+8": zone-label.ts).
 */
export function timeText(ms: number): string {
  const time = new Date(ms).toLocaleString(dateLocale(), {
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  return `${time} ${offsetLabel(-new Date(ms).getTimezoneOffset())}`;
}

/** Why no alert can be added: the most are kept already (none is dropped to make room). */
export function fullText(): string {
  return t('You have {n} alerts, the most Chartroom keeps: delete one to add another.', { n: MAX_ALERTS });
}
