/**
 * The API client: a same-origin GET of a contract path (the server adds the key), the envelope
 * check, the payload's schema, and one event per settled request for whoever watches (status bar,
 * the data's clock). Its rate-limit gate (rate-limit-gate.ts) holds every request of this client
 * back while the service's Retry-After window lasts. An instance, built by the app's boot: tests
 * build their own.
 */
import { ApiError, normaliseCode, parseRetryAfter, type ApiErrorInit, type ApiErrorKind } from './api-error';
import { ERROR_CODES, type ContractPath } from '#shared/contract.ts';
import { CLOCK_HEADER, SOURCE_HEADER, type DataSource } from '#shared/protocol.ts';
import { envelopeSchema } from './envelope-schema';
import { createRateLimitGate, WITHDRAWN } from './rate-limit-gate';
import { wallClock } from '../time/clock';

export { DEFAULT_RATE_LIMIT_PAUSE_MS } from './rate-limit-gate';

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

function sourceOf(headers: Headers): DataSource | undefined {
  const value = headers.get(SOURCE_HEADER);
  return value === 'simulator' || value === 'upstream' ? value : undefined;
}

/** Tells each listener of settled requests, one's failure not stopping the others (every ApiClient does). */
export function tellListeners(listeners: Iterable<RequestListener>, event: RequestEvent): void {
  for (const listener of listeners) {
    try {
      listener(event);
    } catch (error) {
      console.error('onSettled listener failed', error);
    }
  }
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

/** Bound of the withdrawals of one request by the gate. */
const MAX_WITHDRAWALS = 3;

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

export interface ApiClient {
  /** GET `path` with `params`; resolves with `data` parsed by `schema`, rejects with an ApiError. */
  get<T>(path: ContractPath, params: QueryParams, schema: PayloadSchema<T>, options?: RequestOptions): Promise<T>;
  /** Subscribes to every settled request (aborted ones excepted); returns the unsubscribe. */
  onSettled(listener: RequestListener): () => void;
  /** The wall-clock instant (ms) the rate-limit gate opens, while it is closed. */
  rateLimitedUntil(): number | undefined;
  /** True once a request has settled (its answer told the data's clock, when the server sends one). */
  hasSettled(): boolean;
}

export interface ApiClientOptions {
  /** The transport; the page's `fetch` (looked up at each call) by default. */
  fetch?: typeof fetch;
}

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const send: typeof fetch = options.fetch ?? ((input, init) => fetch(input, init));
  const gate = createRateLimitGate();
  const listeners = new Set<RequestListener>();
  let settledAny = false;
  /**
   * URLs whose last answer was malformed (a body cut short in transit). Such an answer may sit in
   * the browser's HTTP cache (reference data is cacheable for minutes), and a retry would read it
   * back: the next request of the URL goes to the network and replaces it (`cache: 'reload'`).
   */
  const distrusted = new Set<string>();
  const MAX_DISTRUSTED = 64;

  function emit(event: RequestEvent): void {
    settledAny = true;
    tellListeners(listeners, event);
  }

  async function get<T>(path: ContractPath, params: QueryParams, schema: PayloadSchema<T>, requestOptions: RequestOptions = {}): Promise<T> {
    const { signal } = requestOptions;
    const url = buildUrl(path, params);
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
        at: wallClock.now(),
        ...(source !== undefined && { source }),
        ...(serverTime !== undefined && { serverTime }),
        ...(retryAfterMs !== undefined && { retryAfterMs }),
      });
    };
    const fail = (init: Omit<ApiErrorInit, 'path' | 'status' | 'retryAfterMs'>): ApiError => {
      const error = new ApiError({ ...init, path, status, ...(retryAfterMs !== undefined && { retryAfterMs }) });
      if (init.kind === 'malformed' && distrusted.size < MAX_DISTRUSTED) distrusted.add(url);
      settle(false, { ...(error.code !== undefined && { code: error.code }), errorKind: error.kind });
      return error;
    };
    /** The gate stayed closed (pushed back again and again): a 3001 of our own, retried like one. */
    const stillLimited = (): ApiError => {
      retryAfterMs = Math.max(0, (gate.closedUntil() ?? wallClock.now()) - wallClock.now());
      return fail({ kind: 'api', rawCode: ERROR_CODES.RATE_LIMITED, message: `Rate limited: ${path} waits for the limit to reset` });
    };

    /** One attempt: the response and its text, or undefined when the gate withdrew it. */
    const attempt = async (): Promise<{ response: Response; text: string } | undefined> => {
      const { controller, release } = linkedController(signal);
      const untrack = gate.track(controller);
      try {
        let response: Response;
        try {
          response = await send(url, {
            headers: { Accept: 'application/json' },
            signal: controller.signal,
            ...(distrusted.has(url) && { cache: 'reload' as const }),
          });
        } finally {
          untrack();
        }
        status = response.status;
        source = sourceOf(response.headers);
        serverTime = serverTimeOf(response.headers);
        retryAfterMs = parseRetryAfter(response.headers.get('Retry-After'));
        // Closed as soon as the headers say so, before the body is read.
        if (status === 429) gate.close(retryAfterMs);
        return { response, text: await response.text() };
      } catch (cause) {
        if (controller.signal.reason === WITHDRAWN && signal?.aborted !== true) return undefined;
        if (isAbort(cause, signal)) throw cause;
        throw fail({ kind: 'network', message: `Network error on ${path}`, cause });
      } finally {
        release();
      }
    };

    let answer: { response: Response; text: string } | undefined;
    for (let withdrawals = 0; answer === undefined; withdrawals++) {
      if (withdrawals > MAX_WITHDRAWALS || !(await gate.pass(signal))) throw stillLimited();
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
    if (normaliseCode(code) === ERROR_CODES.RATE_LIMITED) gate.close(retryAfterMs);
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
    distrusted.delete(url);
    settle(true, { code: 0 });
    return parsed.data;
  }

  return {
    get,
    onSettled(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    rateLimitedUntil: () => gate.closedUntil(),
    hasSettled: () => settledAny,
  };
}
