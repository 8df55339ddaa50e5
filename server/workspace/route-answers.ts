/**
 * What the workspace's routes (`/chartroom/workspace`, `/chartroom/shares`) answer besides their
 * data: refusals in the contract's envelope, never cached; the 503 while the database cannot be
 * opened; and a JSON body read with its content type checked.
 */
import type { Context } from 'hono';
import { ERROR_CODES, ERROR_MESSAGES } from '#shared/contract.ts';
import { errorResponse } from '../upstream/envelope.ts';

export const NO_STORE = { 'Cache-Control': 'no-store' };

export const refusal = (status: number, code: keyof typeof ERROR_MESSAGES, detail: string, headers: Record<string, string> = {}): Response =>
  errorResponse(status, code, `${ERROR_MESSAGES[code]}: ${detail}`, { ...NO_STORE, ...headers });

/** The database's store, or the 503 to answer while it cannot be opened. */
export async function storeOr503<T>(open: () => Promise<T>): Promise<T | Response> {
  try {
    return await open();
  } catch {
    return refusal(503, ERROR_CODES.INTERNAL_ERROR, 'the workspace database is not available; try again shortly', { 'Retry-After': '5' });
  }
}

/** The request's JSON body (`what` names it in the refusal), or the 415/400 to answer. */
export async function jsonBody(c: Context, what: string): Promise<{ body: unknown } | Response> {
  if (!(c.req.header('content-type') ?? '').toLowerCase().startsWith('application/json'))
    return refusal(415, ERROR_CODES.INVALID_PARAMETER, `send the ${what} as application/json`);
  try {
    return { body: await c.req.json() };
  } catch {
    return refusal(400, ERROR_CODES.INVALID_PARAMETER, `the ${what} is not JSON`);
  }
}
