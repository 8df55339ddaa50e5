/**
 * CSV as RFC 4180 writes it, for every export (chart K-lines, watchlists): fields joined by
 * commas, records ended by CRLF, a field quoted when it holds a comma, a quote, a line break or
 * edge spaces (a quote inside doubled). Numbers are written plainly: '.' for the decimal point, no
 * grouping, ASCII minus, never an exponent, so every spreadsheet and CSV reader parses them.
 */
import { decimalsOf } from './format';

export const CSV_MIME = 'text/csv;charset=utf-8';
/** The byte order mark: without it Excel reads UTF-8 (a name in Chinese) as a legacy code page. */
const BOM = '\uFEFF';
const MAX_FRACTION_DIGITS = 20;

/** One field, quoted only when it must be. */
export function csvField(value: string): string {
  if (!/[",\r\n]|^\s|\s$/.test(value)) return value;
  return `"${value.replaceAll('"', '""')}"`;
}

/**
 * Free text from elsewhere (a name): a leading = + - @ (or tab, CR) makes spreadsheets run the
 * cell as a formula ("CSV injection"), so such text starts with an apostrophe, which they hide.
 */
export function csvText(value: string | undefined): string {
  if (value === undefined) return '';
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/**
 * A number with `decimals` fraction digits, or as few as it needs when `decimals` is undefined
 * ('' for a missing or non-finite value). A value that rounds to zero carries no minus sign.
 */
export function csvNumber(value: number | undefined, decimals?: number): string {
  if (value === undefined || !Number.isFinite(value)) return '';
  const digits = Math.min(MAX_FRACTION_DIGITS, Math.max(0, decimals ?? decimalsOf(String(value))));
  // toFixed writes an exponent from 1e21 up; numbers that large are whole: BigInt writes them out.
  const text = Math.abs(value) >= 1e21 ? BigInt(value).toString() : value.toFixed(digits);
  return /^-[0.]+$/.test(text) ? text.slice(1) : text;
}

/** Records (each an array of field texts, unquoted) as CSV text, every record ended by CRLF. */
export function csvRecords(records: readonly (readonly string[])[]): string {
  return records.map((fields) => `${fields.map(csvField).join(',')}\r\n`).join('');
}

/** The file's bytes: UTF-8 with a byte order mark. */
export function csvBlob(text: string): Blob {
  return new Blob([BOM, text], { type: CSV_MIME });
}
