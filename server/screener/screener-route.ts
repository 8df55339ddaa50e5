/**
 * `POST /chartroom/screener` (SCREENER_PATH): a screen in, its rows out (ScreenAnswer), evaluated
 * over the universe the server keeps warm; `POST /chartroom/screener/sparks` (SPARKS_PATH): the
 * sparklines of the rows in view. The body is checked with the screen's schema: a screen
 * that is not one is 400 `2001` with each problem in the message (and listed in `data`). It needs
 * who may ask for `/v1` data and no more (the guard of AUTH_MODE, `access.userOf`), and counts
 * against the client's rate limit as `/v1` does (app.ts mounts the limit on this path).
 */
import type { Context, Handler } from 'hono';
import { ERROR_CODES, ERROR_MESSAGES } from '#shared/contract.ts';
import { checkedSparks, screenProblems } from '#shared/screener/screen-schema.ts';
import type { Screen } from '#shared/screener/screen-model.ts';
import { MAX_SPARK, type ScreenRequest } from '#shared/screener/screener-protocol.ts';
import type { AccessControl } from '../auth/access.ts';
import { NO_STORE } from '../cache/cache-control.ts';
import { errorResponse, jsonResponse } from '../upstream/envelope.ts';
import type { ScreenerService } from './screener-service.ts';

const { INVALID_PARAMETER, INVALID_KEY, DATA_SOURCE_UNAVAILABLE } = ERROR_CODES;
/** A screen is a small document: a body past this is refused before it is parsed. */
const MAX_BODY_BYTES = 64 * 1024;

function invalid(problems: string[]): Response {
  return jsonResponse(
    400,
    { code: INVALID_PARAMETER, message: `${ERROR_MESSAGES[INVALID_PARAMETER]}: ${problems.join('; ')}`, data: problems },
    { 'Cache-Control': NO_STORE },
  );
}

/** The request's problems, or the request. */
export function requestProblems(body: unknown): string[] | ScreenRequest {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return ['the body must be an object { screen, spark? }'];
  const { screen, spark } = body as { screen?: unknown; spark?: unknown };
  const problems = screenProblems(screen).map((problem) => `screen.${problem}`);
  if (screen === undefined) problems.splice(0, problems.length, 'screen: required');
  if (spark !== undefined && (typeof spark !== 'number' || !Number.isInteger(spark) || spark < 0 || spark > MAX_SPARK)) {
    problems.push(`spark: expected a whole number from 0 to ${String(MAX_SPARK)}`);
  }
  if (problems.length > 0) return problems;
  return { screen: screen as Screen, ...(spark !== undefined && { spark: spark as number }) };
}

/** The request's JSON body, or the 400 that says why there is none. */
async function jsonBody(c: Context): Promise<{ body: unknown } | Response> {
  const declared = Number(c.req.header('content-length') ?? '0');
  if (declared > MAX_BODY_BYTES) return invalid([`the body is larger than ${String(MAX_BODY_BYTES)} bytes`]);
  const text = await c.req.text();
  if (text.length > MAX_BODY_BYTES) return invalid([`the body is larger than ${String(MAX_BODY_BYTES)} bytes`]);
  try {
    return { body: JSON.parse(text) as unknown };
  } catch {
    return invalid(['the body is not JSON']);
  }
}

/** A checked POST of the screener: the guard, the body, its check, then the answer (503 when the service fails). */
function screenerPost<R, A>(access: Pick<AccessControl, 'userOf'>, check: (body: unknown) => string[] | R, answer: (request: R) => Promise<A>): Handler {
  return async (c) => {
    if (access.userOf(c) === undefined) return errorResponse(401, INVALID_KEY, 'sign in to screen');
    const read = await jsonBody(c);
    if (read instanceof Response) return read;
    const checked = check(read.body);
    if (Array.isArray(checked)) return invalid(checked);
    try {
      return jsonResponse(200, await answer(checked), { 'Cache-Control': NO_STORE });
    } catch (error) {
      const detail = error instanceof Error ? error.message : 'unknown';
      return errorResponse(503, DATA_SOURCE_UNAVAILABLE, `${ERROR_MESSAGES[DATA_SOURCE_UNAVAILABLE]}: ${detail}`, {
        'Retry-After': '5',
        'Cache-Control': NO_STORE,
      });
    }
  };
}

export const screenerRoute = (service: ScreenerService, access: Pick<AccessControl, 'userOf'>): Handler =>
  screenerPost(access, requestProblems, (request) => service.screen(request));

/** `POST /chartroom/screener/sparks` (SPARKS_PATH): the last daily closes of the rows in view. */
export const sparksRoute = (service: ScreenerService, access: Pick<AccessControl, 'userOf'>): Handler =>
  screenerPost(access, checkedSparks, (request) => service.sparks(request));
