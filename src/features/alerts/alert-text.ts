/** The words of alerts: what one watches, what a trigger was, how a price reads. */
import type { Alert, AlertTrigger } from './alert-model';

/** A price as typed or received, without float noise (0.1 + 0.2), at most 8 decimals. */
export function priceText(value: number): string {
  return Number(value.toPrecision(12)).toFixed(8).replace(/\.?0+$/, '');
}

const DIRECTION_WORDS = { up: 'crosses above', down: 'crosses below', either: 'crosses' } as const;
const MOVE_WORDS = { up: 'rises', down: 'falls', either: 'moves' } as const;

/** "crosses above 101.5", "moves 5 % from 100". */
export function conditionText(alert: Pick<Alert, 'condition' | 'direction'>): string {
  const { condition, direction } = alert;
  if (condition.kind === 'cross') return `${DIRECTION_WORDS[direction]} ${priceText(condition.level)}`;
  return `${MOVE_WORDS[direction]} ${priceText(condition.percent)} % from ${priceText(condition.base)}`;
}

export function triggerText(alert: Pick<Alert, 'symbol' | 'condition' | 'direction'>, trigger: Pick<AlertTrigger, 'price' | 'crossing'>): string {
  const what = alert.condition.kind === 'cross' ? `crossed ${trigger.crossing === 'up' ? 'above' : 'below'} ${priceText(alert.condition.level)}` : `${trigger.crossing === 'up' ? 'rose' : 'fell'} ${priceText(alert.condition.percent)} % from ${priceText(alert.condition.base)}`;
  return `${alert.symbol} ${what}: ${priceText(trigger.price)}`;
}

/** A time of the data's clock as the user reads it (the browser's zone). */
export function timeText(ms: number): string {
  return new Date(ms).toLocaleString(undefined, { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit' });
}
