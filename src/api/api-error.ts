/**
 * The one error type of the API client. `code` is the contract's code (§7), normalised so that
 * the latest-K-line endpoint's HTTP-status codes (§7 rule 1) read like every other endpoint's.
 */
import type { CATALOG_PATH } from '#shared/catalog.ts';
import { AMBIGUOUS_SYMBOL, ERROR_CODES, type ContractPath } from '#shared/contract.ts';
import { wallClock } from '../time/clock';

/** What a request asked: a contract path, or the server's catalogue document (the search). */
export type RequestPath = ContractPath | typeof CATALOG_PATH;

/**
 * api: the service answered an error envelope; network: no answer at all; malformed: a body that
 * is not JSON or does not match its schema; http: an HTTP error without an envelope (e.g. a proxy page).
 */
export type ApiErrorKind = 'api' | 'network' | 'malformed' | 'http';

export interface ApiErrorInit {
  kind: ApiErrorKind;
  path: RequestPath;
  message: string;
  /** HTTP status; 0 when no response arrived. */
  status: number;
  /** The code as received; normalised into `code`. */
  rawCode?: number;
  retryAfterMs?: number;
  errorName?: string;
  data?: unknown;
  cause?: unknown;
}

/** §7 rule 1: the latest endpoint answers `{code: 400}` and `{code: 401}`. */
const NORMALISED_CODES: Readonly<Record<number, number>> = {
  400: ERROR_CODES.INVALID_PARAMETER,
  401: ERROR_CODES.INVALID_KEY,
};

export function normaliseCode(code: number): number {
  return NORMALISED_CODES[code] ?? code;
}

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly kind: ApiErrorKind;
  /** The contract code (normalised); undefined when the server sent none (network, malformed, http). */
  readonly code: number | undefined;
  readonly rawCode: number | undefined;
  readonly status: number;
  readonly path: RequestPath;
  readonly retryAfterMs: number | undefined;
  readonly errorName: string | undefined;
  readonly data: unknown;

  constructor(init: ApiErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.kind = init.kind;
    this.rawCode = init.rawCode;
    this.code = init.rawCode === undefined ? undefined : normaliseCode(init.rawCode);
    this.status = init.status;
    this.path = init.path;
    this.retryAfterMs = init.retryAfterMs;
    this.errorName = init.errorName;
    this.data = init.data;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export interface AmbiguousSymbol {
  symbol: string;
  types: string[];
}

/** The symbol and its candidate types when `error` is AMBIGUOUS_SYMBOL (README: 2001 + `error`). */
export function isAmbiguousSymbol(error: unknown): AmbiguousSymbol | undefined {
  if (!isApiError(error) || error.errorName !== AMBIGUOUS_SYMBOL) return undefined;
  const data = error.data;
  if (typeof data !== 'object' || data === null) return undefined;
  const { symbol, types } = data as { symbol?: unknown; types?: unknown };
  if (typeof symbol !== 'string' || !Array.isArray(types)) return undefined;
  return { symbol, types: types.filter((type): type is string => typeof type === 'string') };
}

/** `Retry-After` as milliseconds: delay-seconds or an HTTP date (RFC 9110 §10.2.3). */
export function parseRetryAfter(value: string | null, now: number = wallClock.now()): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
