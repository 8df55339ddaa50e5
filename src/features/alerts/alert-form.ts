/**
 * The alert dialog's values and their checks: every field that is wrong gets its own message
 * (empty, not a number, zero or negative, an unknown symbol, an expiry in the past, a webhook URL
 * that is not one, an indicator's parameter outside the catalog's limits), and a form that passes
 * becomes a draft for the store. Pure: the dialog supplies the catalogue's answer for the symbol,
 * the data's clock, the symbol's last price and which deliveries the server offers.
 */
import { typeName } from '../../components/ui/type-name';
import { andList } from '../../i18n/format';
import { t, type MessageKey } from '../../i18n/t';
import { normalizeSymbol } from '#shared/symbols.ts';
import type { SymbolInput } from '../../lib/symbol-input';
import type { AlertCondition, AlertDelivery, AlertDirection, AlertRepeat, AlertWebhook } from '#shared/alerts/alert-model.ts';
import type { AlertDraft } from './alerts-store';
import { priceText } from './alert-text';
import { defaultIndicatorValues, indicatorCondition, type IndicatorField, type IndicatorValues } from './indicator-form';
import { readTypedLocalTime } from '../../lib/typed-date';

export interface AlertFormValues {
  symbol: string;
  /** 'indicator': where the server evaluates the alerts (only it can). */
  kind: 'cross' | 'move' | 'dayMove' | 'indicator';
  level: string;
  percent: string;
  direction: AlertDirection;
  repeat: AlertRepeat;
  cooldownMinutes: string;
  /** A datetime-local value (the browser's zone), '' for none. */
  expires: string;
  sound: boolean;
  /** Delivery (server alerts): Web Push to the user's devices. */
  push: boolean;
  /** '' for no webhook. */
  webhookUrl: string;
  /** '' for the default message (DEFAULT_WEBHOOK_TEMPLATE). */
  webhookTemplate: string;
  /** The indicator condition's fields (indicator-form.ts), as typed; absent: its defaults. */
  indicator?: IndicatorValues;
}

export type AlertField = 'symbol' | 'level' | 'percent' | 'cooldownMinutes' | 'expires' | 'webhookUrl' | 'webhookTemplate' | IndicatorField;
export type FieldErrors = Partial<Record<AlertField, string>>;

export interface FormContext {
  /** The catalogue's answer for the typed symbol (src/lib/symbol-input). */
  symbol: SymbolInput;
  /** The data's clock (ms). */
  now: number;
  /** The symbol's last price, the base of a move alert. */
  lastPrice: number | undefined;
  /**
   * What the server delivers, where it evaluates the alerts (the dialog's Delivery section shows
   * these); undefined where the browser evaluates them (no section, no delivery in the draft).
   */
  offered?: { push: boolean; webhooks: boolean };
  /** Editing: the alert's delivery as saved, kept wherever the form does not show it. */
  current?: AlertDelivery;
  /** Editing an alert whose condition the form has no fields for (an indicator condition): kept as it is. */
  condition?: AlertCondition;
  /**
   * The decimals the symbol's prices are quoted in (its ticker's precision): a typed level is saved
   * on them, as a level set from the chart is on its price step. Undefined until the quote is in.
   */
  priceDecimals?: number | undefined;
}

export type FormResult = { ok: true; draft: AlertDraft } | { ok: false; errors: FieldErrors };

export const MAX_PERCENT = 1000;
/** A day's move (from the previous close) the schema keeps (shared/alerts/alert-schema.ts). */
export const MAX_DAY_PERCENT = 100;
/** The server's limits (shared/alerts/alert-schema.ts, server/alerts/webhook/webhook-policy.ts). */
export const MAX_WEBHOOK_URL_LENGTH = 2000;
export const MAX_WEBHOOK_TEMPLATE_LENGTH = 2000;
/** The message an empty template sends (as server/alerts/webhook/webhook-message.ts does). */
export const DEFAULT_WEBHOOK_TEMPLATE = '{{symbol}} {{condition}} at {{price}}';
/** What a template fills in. */
export const WEBHOOK_PLACEHOLDERS = ['{{symbol}}', '{{price}}', '{{condition}}', '{{time}}'] as const;
const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?$/i;

/** The sentences of a number field: empty, not a number (with an example), too large, not above zero. */
const NUMBER_WORDS = {
  level: {
    empty: 'Enter the price level.',
    nan: '“{text}” is not a number: type the price level like 182.50.',
    large: 'The price level is too large.',
    zero: 'The price level must be above zero.',
  },
  percent: {
    empty: 'Enter the move in %.',
    nan: '“{text}” is not a number: type the move in % like 5.',
    large: 'The move in % is too large.',
    zero: 'The move in % must be above zero.',
  },
} as const satisfies Record<string, Record<string, MessageKey>>;

/** A number as typed ("1,234.5" allowed), or the message that says why it is not one. */
export function parsePositive(text: string, what: keyof typeof NUMBER_WORDS): number | string {
  const words = NUMBER_WORDS[what];
  const trimmed = text.trim().replace(/(\d),(?=\d{3}\b)/g, '$1');
  if (trimmed === '') return t(words.empty);
  if (!NUMBER.test(trimmed)) return t(words.nan, { text: text.trim().slice(0, 20) });
  const value = Number(trimmed);
  if (!Number.isFinite(value)) return t(words.large);
  if (value <= 0) return t(words.zero);
  return value;
}

/** `value` at `decimals` decimals (half away from zero, without float noise); as it is where they are not known. */
export function roundToDecimals(value: number, decimals: number | undefined): number {
  if (decimals === undefined || !Number.isInteger(decimals) || decimals < 0 || decimals > 12) return value;
  const scale = 10 ** decimals;
  return Number(((Math.sign(value) * Math.round(Math.abs(value) * scale + 1e-7)) / scale).toFixed(decimals));
}

/**
 * The level field's text once the trader leaves it: the level that will be saved, rounded to the
 * symbol's precision, so what is seen is what is saved; the text as typed when it is on the
 * precision already, is not a number (its message comes on saving), or the precision is not known.
 */
export function roundedLevelText(text: string, decimals: number | undefined): string {
  const value = parsePositive(text, 'level');
  if (typeof value === 'string') return text;
  const rounded = roundToDecimals(value, decimals);
  return rounded === value || !(rounded > 0) ? text : priceText(rounded);
}

/**
 * A webhook URL as typed, or the message that says why it is not one: http(s) only, no user name
 * or password (the server signs each message instead), at most 2000 characters. Which hosts the
 * server calls is its operator's choice (WEBHOOK_ALLOW): it refuses the others when it delivers.
 */
export function parseWebhookUrl(text: string): string | { error: string } {
  const trimmed = text.trim();
  if (trimmed.length > MAX_WEBHOOK_URL_LENGTH) return { error: t('The webhook URL is too long: at most {n} characters.', { n: MAX_WEBHOOK_URL_LENGTH }) };
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return { error: t('“{text}” is not a web address: type the webhook URL in full, like https://hooks.example.com/alerts.', { text: clip(trimmed) }) };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return { error: t('A webhook URL starts with https:// or http://, not {scheme}//.', { scheme: url.protocol.slice(0, 20) }) };
  if (url.username !== '' || url.password !== '')
    return { error: t('Leave the user name and password out of the webhook URL: the server signs each message instead.') };
  if (url.href.length > MAX_WEBHOOK_URL_LENGTH) return { error: t('The webhook URL is too long: at most {n} characters.', { n: MAX_WEBHOOK_URL_LENGTH }) };
  return trimmed;
}

/** A typed text quoted in a message: its start. */
const clip = (text: string): string => (text.length > 40 ? `${text.slice(0, 40)}…` : text);

/** The draft's delivery, or the errors of its fields. */
function deliveryOf(values: AlertFormValues, context: FormContext, errors: FieldErrors): AlertDelivery | undefined {
  const { offered, current } = context;
  if (!offered) return current;
  let webhook: AlertWebhook | undefined = current?.webhook;
  if (offered.webhooks) {
    webhook = undefined;
    const template = values.webhookTemplate;
    if (template.length > MAX_WEBHOOK_TEMPLATE_LENGTH)
      errors.webhookTemplate = t('The message is too long: at most {n} characters.', { n: MAX_WEBHOOK_TEMPLATE_LENGTH });
    if (values.webhookUrl.trim() === '') {
      if (template.trim() !== '') errors.webhookUrl = t('Enter the webhook URL the message goes to, or clear the message.');
    } else {
      const url = parseWebhookUrl(values.webhookUrl);
      if (typeof url !== 'string') errors.webhookUrl = url.error;
      else webhook = { url, template: template.trim() === '' ? '' : template };
    }
  }
  return { push: offered.push ? values.push : (current?.push ?? true), ...(webhook && { webhook }) };
}

export function validateAlertForm(values: AlertFormValues, context: FormContext): FormResult {
  const errors: FieldErrors = {};
  let symbol: { symbol: string; type?: AlertDraft['type'] } | undefined;
  if (values.symbol.trim() === '') errors.symbol = t('Enter the symbol to watch, e.g. AAPL.US or 700.HK.');
  else if (context.symbol.ok === true) symbol = { symbol: normalizeSymbol(context.symbol.symbol), ...(context.symbol.type && { type: context.symbol.type }) };
  else if (context.symbol.ok === 'choose')
    errors.symbol = t('{symbol} is listed as {types}: choose which.', { symbol: context.symbol.symbol, types: andList(context.symbol.types.map(typeName)) });
  else errors.symbol = context.symbol.message;

  let condition: AlertDraft['condition'] | undefined;
  if (context.condition) condition = context.condition;
  else if (values.kind === 'indicator') {
    const result = indicatorCondition(values.indicator ?? defaultIndicatorValues(undefined));
    if (result.ok) condition = result.condition;
    else Object.assign(errors, result.errors);
  } else if (values.kind === 'cross') {
    const level = parsePositive(values.level, 'level');
    // Rounded to the symbol's precision (an alert from a line or the crosshair is on its price step).
    const rounded = typeof level === 'string' ? level : roundToDecimals(level, context.priceDecimals);
    if (typeof rounded === 'string') errors.level = rounded;
    else if (!(rounded > 0)) errors.level = t(NUMBER_WORDS.level.zero);
    else condition = { kind: 'cross', level: rounded };
  } else if (values.kind === 'dayMove') {
    const percent = parsePositive(values.percent, 'percent');
    if (typeof percent === 'string') errors.percent = percent;
    else if (percent > MAX_DAY_PERCENT) errors.percent = t('A day’s move must be at most {n} %.', { n: MAX_DAY_PERCENT });
    else condition = { kind: 'dayMove', percent };
  } else {
    const percent = parsePositive(values.percent, 'percent');
    if (typeof percent === 'string') errors.percent = percent;
    else if (percent > MAX_PERCENT) errors.percent = t('The move must be at most {n} %.', { n: MAX_PERCENT });
    else if (values.direction !== 'up' && percent >= 100) errors.percent = t('A fall of 100 % or more cannot happen: choose a smaller move.');
    else if (context.lastPrice === undefined || !(context.lastPrice > 0))
      errors.percent = t('No price for this symbol yet, so there is nothing to measure the move from: wait for its quote.');
    else condition = { kind: 'move', percent, base: context.lastPrice };
  }

  let cooldownMs = 0;
  if (values.repeat === 'every') {
    const text = values.cooldownMinutes.trim();
    const minutes = text === '' ? 0 : Number(text);
    if (text !== '' && !NUMBER.test(text)) errors.cooldownMinutes = t('“{text}” is not a number of minutes.', { text: text.slice(0, 20) });
    else if (minutes < 0) errors.cooldownMinutes = t('The cooldown cannot be negative.');
    else if (minutes > 7 * 24 * 60) errors.cooldownMinutes = t('The cooldown must be at most a week.');
    else cooldownMs = Math.round(minutes * 60_000);
  }

  let expiresAt: number | undefined;
  if (values.expires.trim() !== '') {
    expiresAt = readTypedLocalTime(values.expires);
    if (expiresAt === undefined) errors.expires = t('Enter the expiry as a date and time, as 2025-11-25 16:00.');
    else if (expiresAt <= context.now) errors.expires = t('The expiry is in the past: choose a later time, or none.');
  }

  const delivery = deliveryOf(values, context, errors);

  if (!symbol || !condition || Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    draft: {
      ...symbol,
      condition,
      // An indicator condition's operator says which way counts: its direction is not read.
      direction: condition.kind === 'indicator' ? 'either' : values.direction,
      repeat: values.repeat,
      cooldownMs,
      sound: values.sound,
      createdAt: context.now,
      ...(expiresAt !== undefined && { expiresAt }),
      ...(delivery && { delivery }),
    },
  };
}
