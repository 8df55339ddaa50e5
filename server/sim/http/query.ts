/** Parsing and validation of query parameters with the contract's codes for each failure. */
import { MAX_LIMIT, type ProductType } from '#shared/contract.ts';
import { SimError, invalidParameter } from './sim-error.ts';

export type Query = Readonly<Record<string, string | undefined>>;

/** Query parameters of a URL: the first value of each name. */
export function queryOf(url: URL): Query {
  const query: Record<string, string> = {};
  for (const [name, value] of url.searchParams) if (!(name in query)) query[name] = value;
  return query;
}

export function requiredParam(query: Query, name: string): string {
  const value = query[name]?.trim();
  if (value === undefined || value === '') throw invalidParameter(`${name} is required`);
  return value;
}

export function optionalParam(query: Query, name: string): string | undefined {
  const value = query[name]?.trim();
  return value === undefined || value === '' ? undefined : value;
}

export function enumParam<T extends string>(query: Query, name: string, allowed: readonly T[], fallback?: T): T | undefined {
  const value = optionalParam(query, name);
  if (value === undefined) return fallback;
  if (!(allowed as readonly string[]).includes(value)) {
    throw invalidParameter(`${name} must be one of ${allowed.join(', ')}`);
  }
  return value as T;
}

/** `type`, restricted to the values the endpoint accepts. */
export function typeParam(query: Query, allowed: readonly ProductType[]): ProductType | undefined {
  return enumParam(query, 'type', allowed);
}

/** `market`, case-insensitive. */
export function marketParam<T extends string>(query: Query, allowed: readonly T[], required: boolean): T | undefined {
  const value = required ? requiredParam(query, 'market') : optionalParam(query, 'market');
  if (value === undefined) return undefined;
  const upper = value.toUpperCase();
  if (!(allowed as readonly string[]).includes(upper)) throw invalidParameter(`market must be one of ${allowed.join(', ')}`);
  return upper as T;
}

const INTEGER = /^-?\d+$/;

/** `limit`: an integer 1..1000 (2001 when malformed or below 1, 2004 above 1000). */
export function limitParam(query: Query, fallback: number): number {
  const value = optionalParam(query, 'limit');
  if (value === undefined) return fallback;
  if (!INTEGER.test(value)) throw invalidParameter('limit must be an integer');
  const limit = Number(value);
  if (limit < 1) throw invalidParameter('limit must be at least 1');
  if (limit > MAX_LIMIT) throw new SimError(2004, `limit must be at most ${MAX_LIMIT}`);
  return limit;
}

export function offsetParam(query: Query): number {
  const value = optionalParam(query, 'offset');
  if (value === undefined) return 0;
  if (!INTEGER.test(value) || Number(value) < 0) throw invalidParameter('offset must be an integer >= 0');
  return Number(value);
}

/** Earliest and latest instants a time parameter may name (1990 to 2100). */
const MIN_TIME = Date.UTC(1990, 0, 1);
const MAX_TIME = Date.UTC(2100, 0, 1);

/** A millisecond timestamp; a bad format is an invalid time range (2003), as §7 says. */
export function timeParam(query: Query, name: string): number | undefined {
  const value = optionalParam(query, name);
  if (value === undefined) return undefined;
  if (!INTEGER.test(value)) throw new SimError(2003, `${name} must be a millisecond timestamp`);
  const ms = Number(value);
  if (ms < MIN_TIME || ms > MAX_TIME) throw new SimError(2003, `${name} is outside 1990–2100`);
  return ms;
}

export function timeRangeParams(query: Query): { startTime?: number; endTime?: number } {
  const startTime = timeParam(query, 'start_time');
  const endTime = timeParam(query, 'end_time');
  if (startTime !== undefined && endTime !== undefined && startTime > endTime) {
    throw new SimError(2003, 'start_time is after end_time');
  }
  return { ...(startTime !== undefined && { startTime }), ...(endTime !== undefined && { endTime }) };
}

/** Comma-separated symbols: trimmed, no empty entries, duplicates removed, at most `max`. */
export function symbolsParam(query: Query, max: number | undefined): string[] {
  const raw = requiredParam(query, 'symbols');
  const symbols = raw.split(',').map((symbol) => symbol.trim());
  if (symbols.some((symbol) => symbol === '')) throw invalidParameter('symbols contains an empty entry');
  const unique = [...new Set(symbols)];
  if (max !== undefined && unique.length > max) throw new SimError(2004, `at most ${max} symbols per request`);
  return unique;
}
