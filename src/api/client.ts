/**
 * The API client: a same-origin GET of a contract path (the server adds the key), the envelope
 * check, the payload's schema, and one event per settled request for whoever watches (status bar).
 */
import type * as z from 'zod/mini';
import { ApiError, parseRetryAfter, type ApiErrorInit, type ApiErrorKind } from './api-error';
import type { ContractPath } from './contract';
import { envelopeSchema } from './envelope-schema';

export type QueryParams = Readonly<Record<string, string | number | undefined>>;

export interface RequestOptions {
  signal?: AbortSignal;
}

/** Where the answer came from, per the server's `X-Chartroom-Source` header. */
export type DataSource = 'simulator' | 'upstream';

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

export const SOURCE_HEADER = 'X-Chartroom-Source';
export const CLOCK_HEADER = 'X-Chartroom-Clock';

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

/** The first schema issue, short enough for an error panel. */
function describeIssues(error: z.core.$ZodError): string {
  const [first] = error.issues;
  if (!first) return 'unexpected shape';
  const where = first.path.length > 0 ? first.path.map(String).join('.') : 'data';
  const more = error.issues.length > 1 ? ` (+${error.issues.length - 1} more)` : '';
  return `${where}: ${first.message}${more}`;
}

/** GET `path` with `params`; resolves with `data` parsed by `schema`, rejects with an ApiError. */
export async function apiGet<S extends z.ZodMiniType>(
  path: ContractPath,
  params: QueryParams,
  schema: S,
  options: RequestOptions = {},
): Promise<z.output<S>> {
  const started = performance.now();
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

  let text: string;
  let response: Response;
  try {
    response = await fetch(buildUrl(path, params), {
      headers: { Accept: 'application/json' },
      ...(options.signal && { signal: options.signal }),
    });
    status = response.status;
    source = sourceOf(response.headers);
    serverTime = serverTimeOf(response.headers);
    retryAfterMs = parseRetryAfter(response.headers.get('Retry-After'));
    text = await response.text();
  } catch (cause) {
    if (isAbort(cause, options.signal)) throw cause;
    throw fail({ kind: 'network', message: `Network error on ${path}`, cause });
  }

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
