/**
 * What a webhook says: the trigger's fields as JSON, and a message from the user's template. The
 * template is text with four placeholders and nothing else: no expressions, no escapes, no
 * templating language to sandbox; a placeholder it does not know stays as written, so a typo
 * shows in the message instead of vanishing.
 */
import type { AlertCondition, Crossing } from '#shared/alerts/alert-model.ts';
import { firedConditionText } from '#shared/alerts/indicator-condition-text.ts';

export const DEFAULT_WEBHOOK_TEMPLATE = '{{symbol}} {{condition}} at {{price}}';
export const MAX_WEBHOOK_MESSAGE_LENGTH = 2000;

export interface TemplateFields {
  symbol: string;
  price: string;
  condition: string;
  time: string;
}

/** A trigger as the outbox knows it. */
export interface WebhookTrigger {
  triggerId: string;
  alertId: string;
  symbol: string;
  price: number;
  /** The price's time (ms UTC, the data's clock). */
  time: number;
  crossing: Crossing;
  condition: AlertCondition;
}

export interface WebhookBody {
  triggerId: string;
  alertId: string;
  symbol: string;
  price: number;
  /** "crosses above 230", "moves 5% from 100". */
  condition: string;
  crossing: Crossing;
  /** ISO 8601, UTC. */
  time: string;
  message: string;
}

const PLACEHOLDER = /\{\{\s*(symbol|price|condition|time)\s*\}\}/g;

/** At most `max` UTF-16 units, never ending in half a surrogate pair. */
function capped(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
}

/** One pass: a value that itself looks like a placeholder ("{{price}}" as a symbol) stays text. */
export function renderTemplate(template: string, fields: TemplateFields): string {
  const rendered = template.replace(PLACEHOLDER, (_match, name: keyof TemplateFields) => fields[name]);
  return capped(rendered, MAX_WEBHOOK_MESSAGE_LENGTH);
}

export function conditionText(condition: AlertCondition, crossing: Crossing): string {
  if (condition.kind === 'indicator') return firedConditionText(condition, crossing);
  if (condition.kind === 'move') return `moves ${condition.percent}% from ${condition.base}`;
  if (condition.kind === 'dayMove') return `${crossing === 'up' ? 'rises' : 'falls'} ${condition.percent}% within the day`;
  if (condition.kind === 'screen') return `entered screen "${condition.name}"`;
  return `crosses ${crossing === 'up' ? 'above' : 'below'} ${condition.level}`;
}

/** The JSON a webhook posts for a trigger; an empty template is the default one. */
export function webhookBody(trigger: WebhookTrigger, template: string): WebhookBody {
  const condition = conditionText(trigger.condition, trigger.crossing);
  const time = new Date(trigger.time).toISOString();
  const fields = { symbol: trigger.symbol, price: String(trigger.price), condition, time };
  const message = renderTemplate(template.trim() === '' ? DEFAULT_WEBHOOK_TEMPLATE : template, fields);
  const { triggerId, alertId, symbol, price, crossing } = trigger;
  return { triggerId, alertId, symbol, price, condition, crossing, time, message };
}
