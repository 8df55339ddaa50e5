/**
 * The API client: a same-origin GET of a contract path (the server adds the key), the envelope
 * check, the payload's schema, and one event per settled request for whoever watches (status bar).
 * A rate-limit gate holds every request back while the service's Retry-After window lasts.
 */
import { ApiError, normaliseCode, parseRetryAfter, type ApiErrorInit, type ApiErrorKind } from './api-error';
import { ERROR_CODES, type ContractPath } from '#shared/contract.ts';
import { CLOCK_HEADER, SOURCE_HEADER, type DataSource } from '#shared/protocol.ts';
import { envelopeSchema } from './envelope-schema';

export type QueryParams = Readonly<Record<string, string | number | undefined>>;

export interface RequestOptions {
  signal?: AbortSignal;
}

export type { DataSource };

export interface RequestEvent {
  path: ContractPath;
  /** True when the request resolved with parsed data. */
  ok: boolean;
  /** HTTP status; 0 when no response arrived. */
  status: number;
  /** The contract code (normalised), when the body carried one. */
  code?: number;
  /** Set on failures. */
  errorKind?: ApiErrorKind;
  latencyMs: number;
  /** Wall-clock ms when the request settled. */
  at: number;
  source?: DataSource;
  /** The data's clock (ms) per `X-Chartroom-Clock`: the simulator's, which tests may shift. */
  serverTime?: number;
  retryAfterMs?: number;
}

export type RequestListener = (event: RequestEvent) => void;

const listeners = new Set<RequestListener>();

/** Subscribes to every settled request (aborted ones excepted); returns the unsubscribe. */
export function onRequestSettled(listener: RequestListener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

function emit(event: RequestEvent): void {
  for (const listener of listeners) {
    try {
      listener(event);
    } catch (error) {
      console.error('onRequestSettled listener failed', error);
    }
  }
}

/*
 * The rate-limit gate. Every panel goes out with the server's one key, so a 3001 (or any 429)
 * answer closes the gate for all of them until its Retry-After instant (1 s when the answer names
 * none): requests wait in the gate and leave together when it opens; an abort ends the wait at
 * once. Requests already handed to the browser but not yet answered when the gate closes are
 * withdrawn and queued behind it too, because the browser may still hold them in its own
 * connection queue and send them inside the window.
 */

/** The pause after a 3001 whose answer carries no usable Retry-After. */
export const DEFAULT_RATE_LIMIT_PAUSE_MS = 1_000;
/** Bounds: waits in a gate that keeps being pushed back, withdrawals of one request. */
const MAX_GATE_WAITS = 8;
const MAX_WITHDRAWALS = 3;

let gateOpensAt = 0;
/** Requests sent but not answered yet (no response headers): withdrawn when the gate closes. */
const awaitingAnswer = new Set<AbortController>();
/** The abort reason of a withdrawn request, told apart from the caller's own abort. */
const WITHDRAWN = new DOMException('Withdrawn by the rate-limit gate', 'AbortError');

/** The wall-clock instant (ms) the gate opens, while it is closed. */
export function rateLimitedUntil(): number | undefined {
  return gateOpensAt > Date.now() ? gateOpensAt : undefined;
}

/** Closes the gate for `retryAfterMs` from now; never opens it earlier than it was to open. */
function closeRateLimitGate(retryAfterMs: number | undefined): void {
  const opensAt = Date.now() + (retryAfterMs ?? DEFAULT_RATE_LIMIT_PAUSE_MS);
  if (opensAt <= gateOpensAt || opensAt <= Date.now()) return;
  gateOpensAt = opensAt;
  for (const controller of awaitingAnswer) controller.abort(WITHDRAWN);
  awaitingAnswer.clear();
}

/** Opens the gate at once (tests). */
export function resetRateLimitGate(): void {
  gateOpensAt = 0;
}

function abortReason(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  return reason instanceof Error ? reason : new DOMException('This operation was aborted', 'AbortError');
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortReason(signal));
      return;
    }
    const onAbort = (): void => {
      clearTimeout(timer);
      if (signal) reject(abortReason(signal));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** Waits until the gate is open; false when it kept being pushed back beyond the bound. */
async function passGate(signal: AbortSignal | undefined): Promise<boolean> {
  for (let wait = 0; wait < MAX_GATE_WAITS; wait++) {
    const remaining = gateOpensAt - Date.now();
    if (remaining <= 0) return true;
    await sleep(remaining, signal);
  }
  return gateOpensAt <= Date.now();
}

/** A controller for one attempt, aborted with the caller's signal; `release` unlinks it. */
function linkedController(signal: AbortSignal | undefined): { controller: AbortController; release: () => void } {
  const controller = new AbortController();
  if (!signal) return { controller, release: () => undefined };
  const forward = (): void => {
    controller.abort(signal.reason);
  };
  if (signal.aborted) forward();
  else signal.addEventListener('abort', forward, { once: true });
  return {
    controller,
    release: () => {
      signal.removeEventListener('abort', forward);
    },
  };
}

function sourceOf(headers: Headers): DataSource | undefined {
  const value = headers.get(SOURCE_HEADER);
  return value === 'simulator' || value === 'upstream' ? value : undefined;
}

export function buildUrl(path: ContractPath, params: QueryParams): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined) search.set(name, String(value));
  }
  const query = search.toString();
  return query === '' ? path : `${path}?${query}`;
}

function serverTimeOf(headers: Headers): number | undefined {
  const raw = headers.get(CLOCK_HEADER);
  const value = raw === null || raw.trim() === '' ? Number.NaN : Number(raw);
  return Number.isFinite(value) ? value : undefined;
}

function isAbort(error: unknown, signal: AbortSignal | undefined): boolean {
  return signal?.aborted === true || (error instanceof DOMException && error.name === 'AbortError');
}

/**
 * What validates a payload: the lean schemas of ./schema.ts (any object with a zod-style
 * `safeParse` fits, e.g. in tests).
 */
export interface PayloadSchema<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };
}

/** The first schema issue, short enough for an error panel. */
function describeIssues(error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }): string {
  const [first] = error.issues;
  if (!first) return 'unexpected shape';
  const where = first.path.length > 0 ? first.path.map(String).join('.') : 'data';
  const more = error.issues.length > 1 ? ` (+${error.issues.length - 1} more)` : '';
  return `${where}: ${first.message}${more}`;
}

/** GET `path` with `params`; resolves with `data` parsed by `schema`, rejects with an ApiError. */
export async function apiGet<T>(
  path: ContractPath,
  params: QueryParams,
  schema: PayloadSchema<T>,
  options: RequestOptions = {},
): Promise<T> {
  let started = performance.now();
  let status = 0;
  let source: DataSource | undefined;
  let serverTime: number | undefined;
  let retryAfterMs: number | undefined;
  const settle = (ok: boolean, extra: { code?: number; errorKind?: ApiErrorKind } = {}): void => {
    emit({
      path,
      ok,
      status,
      ...extra,
      latencyMs: Math.round(performance.now() - started),
      at: Date.now(),
      ...(source !== undefined && { source }),
      ...(serverTime !== undefined && { serverTime }),
      ...(retryAfterMs !== undefined && { retryAfterMs }),
    });
  };
  const fail = (init: Omit<ApiErrorInit, 'path' | 'status' | 'retryAfterMs'>): ApiError => {
    const error = new ApiError({ ...init, path, status, ...(retryAfterMs !== undefined && { retryAfterMs }) });
    settle(false, { ...(error.code !== undefined && { code: error.code }), errorKind: error.kind });
    return error;
  };
  /** The gate stayed closed (pushed back again and again): a 3001 of our own, retried like one. */
  const stillLimited = (): ApiError => {
    retryAfterMs = Math.max(0, gateOpensAt - Date.now());
    return fail({ kind: 'api', rawCode: ERROR_CODES.RATE_LIMITED, message: `Rate limited: ${path} waits for the limit to reset` });
  };

  /** One attempt: the response and its text, or undefined when the gate withdrew it. */
  const attempt = async (): Promise<{ response: Response; text: string } | undefined> => {
    const { controller, release } = linkedController(options.signal);
    awaitingAnswer.add(controller);
    try {
      let response: Response;
      try {
        response = await fetch(buildUrl(path, params), { headers: { Accept: 'application/json' }, signal: controller.signal });
      } finally {
        awaitingAnswer.delete(controller);
      }
      status = response.status;
      source = sourceOf(response.headers);
      serverTime = serverTimeOf(response.headers);
      retryAfterMs = parseRetryAfter(response.headers.get('Retry-After'));
      // Closed as soon as the headers say so, before the body is read.
      if (status === 429) closeRateLimitGate(retryAfterMs);
      return { response, text: await response.text() };
    } catch (cause) {
      if (controller.signal.reason === WITHDRAWN && options.signal?.aborted !== true) return undefined;
      if (isAbort(cause, options.signal)) throw cause;
      throw fail({ kind: 'network', message: `Network error on ${path}`, cause });
    } finally {
      release();
    }
  };

  let answer: { response: Response; text: string } | undefined;
  for (let withdrawals = 0; answer === undefined; withdrawals++) {
    if (withdrawals > MAX_WITHDRAWALS || !(await passGate(options.signal))) throw stillLimited();
    started = performance.now();
    answer = await attempt();
  }
  const { response, text } = answer;

  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (cause) {
    if (!response.ok) throw fail({ kind: 'http', message: `HTTP ${status} on ${path}` });
    throw fail({ kind: 'malformed', message: `Malformed response from ${path}: not JSON`, cause });
  }
  const envelope = envelopeSchema.safeParse(json);
  if (!envelope.success) {
    if (!response.ok) throw fail({ kind: 'http', message: `HTTP ${status} on ${path}` });
    throw fail({ kind: 'malformed', message: `Malformed response from ${path}: no envelope` });
  }
  const { code, message, error: errorName, data } = envelope.data;
  if (normaliseCode(code) === ERROR_CODES.RATE_LIMITED) closeRateLimitGate(retryAfterMs);
  if (code !== 0) {
    throw fail({
      kind: 'api',
      rawCode: code,
      message: message ?? `Error ${code}`,
      ...(errorName !== undefined && { errorName }),
      ...(data !== undefined && { data }),
    });
  }
  if (!response.ok) throw fail({ kind: 'http', message: `HTTP ${status} on ${path}` });
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    throw fail({ kind: 'malformed', message: `Malformed response from ${path}: ${describeIssues(parsed.error)}` });
  }
  settle(true, { code: 0 });
  return parsed.data;
}
