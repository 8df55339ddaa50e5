/**
 * A symbol's drawings as a JSON file: written for export, read back for import. An import is
 * all or nothing about the file (not JSON, another format, another symbol: refused with a message,
 * nothing changes); inside a good file, each drawing is validated and a bad one is skipped.
 */
import { t } from '../../../i18n/t';
import type { Drawing } from './drawing-model';
import { parseDrawings } from './drawing-schema';

export const FILE_FORMAT = 'chartroom.drawings';
export const FILE_VERSION = 1;

export interface DrawingsFile {
  format: typeof FILE_FORMAT;
  version: typeof FILE_VERSION;
  symbol: string;
  drawings: readonly Drawing[];
}

export function drawingsFileText(symbol: string, drawings: readonly Drawing[]): string {
  const file: DrawingsFile = { format: FILE_FORMAT, version: FILE_VERSION, symbol, drawings };
  return JSON.stringify(file, null, 2);
}

export function drawingsFileName(symbol: string): string {
  return `${symbol.replace(/[^A-Za-z0-9._-]/g, '_')}-drawings.json`;
}

export type ImportResult = { ok: true; drawings: Drawing[]; skipped: number } | { ok: false; message: string };

export function readDrawingsFile(text: string, symbol: string): ImportResult {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, message: t('This file is not JSON: no drawings were imported.') };
  }
  if (typeof value !== 'object' || value === null || (value as { format?: unknown }).format !== FILE_FORMAT) {
    return { ok: false, message: t('This file is not a Chartroom drawings file: no drawings were imported.') };
  }
  const file = value as Partial<Record<keyof DrawingsFile, unknown>>;
  if (file.version !== FILE_VERSION) {
    return {
      ok: false,
      message: t('This drawings file has version {version}, which this app cannot read: no drawings were imported.', { version: String(file.version) }),
    };
  }
  if (file.symbol !== symbol) {
    return { ok: false, message: t('This file holds drawings of {file}, not {symbol}: open {file} to import them.', { file: String(file.symbol), symbol }) };
  }
  if (!Array.isArray(file.drawings)) return { ok: false, message: t('This drawings file has no list of drawings: nothing was imported.') };
  const { drawings, dropped } = parseDrawings(file.drawings);
  if (drawings.length === 0 && dropped > 0) return { ok: false, message: t('No drawing in this file is valid: nothing was imported.') };
  return { ok: true, drawings, skipped: dropped };
}
