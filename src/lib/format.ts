/**
 * Number formatting for the dashboard, fixed to en-US conventions (so output does not depend on
 * the browser's locale) and to each symbol's own precision, read from the API's decimal strings.
 * Negative numbers take a true minus sign (U+2212); non-finite values print as an em dash.
 * Large numbers are the exception: Chinese reads them in its own units (src/i18n/format.ts).
 */
import { chineseCompact } from '../i18n/format';

export const MINUS = '\u2212';
const MISSING = '—';
const MAX_DECIMALS = 8;

/**
 * Absolute value, en-US grouping, exactly `decimals` fraction digits: what Intl.NumberFormat('en-US')
 * writes, without Intl (the first Intl object of a page pays ICU's set-up: measured, 150 ms under
 * a phone's 4× slowdown, a long task of the first page, which formats its first quote here).
 * Intl rounds the number's shortest decimal form (1.005 → 1.01, ties away from zero), toFixed the
 * double itself (1.00499… → 1.00): the nudge of one epsilon takes each tie over its half, as Intl
 * does, and changes no other number shown with up to 15 significant digits (all a double holds).
 */
function grouped(abs: number, decimals: number): string {
  const [whole = '', fraction] = (abs * (1 + Number.EPSILON)).toFixed(Math.min(20, Math.max(0, Math.trunc(decimals)))).split('.');
  return whole.replace(/\B(?=(\d{3})+$)/g, ',') + (fraction === undefined ? '' : `.${fraction}`);
}

/** Sign of the value as displayed: a value that rounds to zero carries no sign. */
function signed(value: number, body: string, plus: boolean): string {
  if (/^[0.,]*$/.test(body)) return body;
  if (value < 0) return MINUS + body;
  return plus ? `+${body}` : body;
}

/** Fraction digits of an API decimal string: '123.4500' → 4, '100' → 0, '1.5e-7' → 8. */
export function decimalsOf(text: string): number {
  const match = /^[+-]?\d*(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/.exec(text.trim());
  if (!match) return 0;
  return Math.max(0, (match[1]?.length ?? 0) - Number(match[2] ?? 0));
}

/** Largest precision among `texts`, at most 8; 0 when there are none. */
export function precisionOf(texts: readonly string[]): number {
  let max = 0;
  for (const text of texts) max = Math.max(max, decimalsOf(text));
  return Math.min(max, MAX_DECIMALS);
}

/** '1,234.50' for (1234.5, 2). */
export function formatPrice(value: number, decimals: number): string {
  if (!Number.isFinite(value)) return MISSING;
  return signed(value, grouped(Math.abs(value), decimals), false);
}

/** '+1.25' / '−0.40'; '0.00' when it rounds to zero. */
export function formatSignedChange(value: number, decimals: number): string {
  if (!Number.isFinite(value)) return MISSING;
  return signed(value, grouped(Math.abs(value), decimals), true);
}

/** A value already in percent: 1.634 → '+1.63%'. */
export function formatPercent(value: number, decimals = 2): string {
  if (!Number.isFinite(value)) return MISSING;
  return `${signed(value, grouped(Math.abs(value), decimals), true)}%`;
}

const UNITS = ['', 'K', 'M', 'B', 'T'] as const;

/**
 * Three significant digits with a unit: 1.20K, 3.45M, 12.3B, 2.10T (trailing zeros kept so a
 * column stays aligned); in Chinese 1.23万, 12.3亿 (12.3億 in Traditional). Below 1,000: up to
 * two decimals, trailing zeros dropped.
 */
export function formatCompact(value: number): string {
  if (!Number.isFinite(value)) return MISSING;
  const abs = Math.abs(value);
  if (Number(abs.toFixed(2)) < 1000) {
    return signed(value, String(Number(abs.toFixed(2))), false);
  }
  // Chinese counts in 万 and 亿 (12.3亿): Intl in the active language.
  const chinese = chineseCompact(abs);
  if (chinese !== undefined) return signed(value, chinese, false);
  let unit = Math.min(UNITS.length - 1, Math.floor(Math.log10(abs) / 3));
  let scaled = abs / 1000 ** unit;
  let text = scaled.toPrecision(3);
  // Rounding may carry into the next unit: 999,950 → '1.00M', not '1000K'.
  if (Number(text) >= 1000 && unit < UNITS.length - 1) {
    unit += 1;
    scaled = abs / 1000 ** unit;
    text = scaled.toPrecision(3);
  }
  if (Number(text) >= 1000) text = grouped(scaled, 0); // beyond the largest unit
  return signed(value, `${text}${UNITS[unit] ?? ''}`, false);
}

/** Rounded to a whole number with thousands separators: 1234567.8 → '1,234,568'. */
export function formatInteger(value: number): string {
  if (!Number.isFinite(value)) return MISSING;
  return signed(value, grouped(Math.abs(value), 0), false);
}

const CURRENCY_PREFIXES: Readonly<Record<string, string>> = { USD: '$', HKD: 'HK$', CNY: '¥' };

/**
 * Money in a product's currency (§2.2: CNY, USD, HKD, USDT): '$1,234.56', 'HK$3.45T' with
 * `compact`, '1,234.56 USDT' for currencies without a symbol.
 */
export function formatMoney(value: number, currency: string, options: { compact?: boolean; decimals?: number } = {}): string {
  if (!Number.isFinite(value)) return MISSING;
  const body = options.compact === true ? formatCompact(Math.abs(value)) : grouped(Math.abs(value), options.decimals ?? 2);
  const prefix = CURRENCY_PREFIXES[currency.toUpperCase()];
  const amount = prefix !== undefined ? `${prefix}${body}` : `${body} ${currency.toUpperCase()}`;
  return /^[0.,]*$/.test(body) || value >= 0 ? amount : MINUS + amount;
}
