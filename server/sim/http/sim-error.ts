/**
 * Errors of the simulator as the contract states them: a numeric code, its message text with an
 * optional detail, and the HTTP status the public OpenAPI gives for that kind of failure.
 */
import { ERROR_MESSAGES, type ErrorCode } from '#shared/contract.ts';

const HTTP_STATUS: Partial<Record<ErrorCode, number>> = {
  1001: 401,
  1002: 401,
  1003: 403,
  1004: 403,
  2001: 400,
  2002: 404,
  2003: 400,
  2004: 400,
  3001: 429,
  3002: 403,
  5000: 500,
  5001: 503,
  5002: 503,
};

export class SimError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    detail?: string,
    readonly extra: { error?: string; data?: unknown; headers?: Record<string, string> } = {},
  ) {
    super(detail ? `${ERROR_MESSAGES[code]}: ${detail}` : ERROR_MESSAGES[code]);
    this.status = HTTP_STATUS[code] ?? 400;
  }
}

export function invalidParameter(detail: string): SimError {
  return new SimError(2001, detail);
}
