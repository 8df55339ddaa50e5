/** The words of alerts: what one watches, what a trigger was, how a price reads. */
import { dateLocale } from '../../i18n/format';
import { t, type MessageKey } from '../../i18n/t';
import { MAX_ALERTS, type AlertLogEntry } from './persisted-alerts';
import type { Alert, AlertTrigger } from '#shared/alerts/alert-model.ts';

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

/** "crosses above 101.5", "moves 5 % from 100". */
export function conditionText(alert: Pick<Alert, 'condition' | 'direction'>): string {
  const { condition, direction } = alert;
  if (condition.kind === 'cross') return t(CROSS_WORDS[direction], { level: priceText(condition.level) });
  return t(MOVE_WORDS[direction], { percent: priceText(condition.percent), base: priceText(condition.base) });
}

export function triggerText(alert: Pick<Alert, 'symbol' | 'condition'>, trigger: Pick<AlertTrigger, 'price' | 'crossing'>): string {
  const up = trigger.crossing === 'up';
  const { condition } = alert;
  const what =
    condition.kind === 'cross'
      ? t(up ? 'crossed above {level}' : 'crossed below {level}', { level: priceText(condition.level) })
      : t(up ? 'rose {percent} % from {base}' : 'fell {percent} % from {base}', { percent: priceText(condition.percent), base: priceText(condition.base) });
  return `${alert.symbol} ${what}: ${priceText(trigger.price)}`;
}

/** A log line in the language of the moment ("700.HK crossed above 400: 401.2"); a line saved as text, as written. */
export function logLineText(entry: AlertLogEntry): string {
  return 'text' in entry ? entry.text : triggerText(entry, entry);
}

/** A time of the data's clock as the user reads it (the browser's zone). */
export function timeText(ms: number): string {
  return new Date(ms).toLocaleString(dateLocale(), { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit' });
}

/** Why no alert can be added: the most are kept already (none is dropped to make room). */
export function fullText(): string {
  return t('You have {n} alerts, the most Chartroom keeps: delete one to add another.', { n: MAX_ALERTS });
}
