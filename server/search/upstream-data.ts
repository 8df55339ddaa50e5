/**
 * The catalogue's requests to the upstream (or, in simulator mode, the embedded simulator): a
 * contract GET through the same path browsers' requests take, with the server's key, unwrapped
 * from its envelope. A transient failure (5xxx, 3001, a lost connection) is tried again a few
 * times, after the answer's Retry-After when it gives one; anything else fails at once.
 */
import { ERROR_CODES } from '#shared/contract.ts';
import { promisify } from 'node:util';
import { brotliDecompress, gunzip } from 'node:zlib';

/** Answers one request target (`/v1/…?…`) as the forwarder or the simulator would. */
export type CatalogUpstream = (target: string) => Promise<Response>;

/** The `data` of a successful envelope at `target`. */
export type UpstreamGet = (target: string) => Promise<unknown>;

export class UpstreamDataError extends Error {
  constructor(
    message: string,
    /** The envelope's code, when the answer had one. */
    readonly code?: number,
  ) {
    super(message);
    this.name = 'UpstreamDataError';
  }
}

export interface UpstreamGetOptions {
  /** Tries per request, the first included; default 3. */
  attempts?: number;
  /** Wait before try n+1 when the answer names none: n × this; default 1 000 ms. */
  retryDelayMs?: number;
  /** Bound of any one wait (a long Retry-After fails the request instead); default 10 000 ms. */
  maxRetryDelayMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

const TRANSIENT_CODES: ReadonlySet<number> = new Set([
  ERROR_CODES.RATE_LIMITED,
  ERROR_CODES.INTERNAL_ERROR,
  ERROR_CODES.DATA_SOURCE_UNAVAILABLE,
  ERROR_CODES.SERVICE_UNAVAILABLE,
]);

const decoders: Record<string, (bytes: Buffer) => Promise<Buffer>> = {
  gzip: promisify(gunzip),
  br: promisify(brotliDecompress),
};

async function bodyText(response: Response): Promise<string> {
  const bytes = Buffer.from(await response.arrayBuffer());
  const coding = response.headers.get('content-encoding')?.trim().toLowerCase() ?? 'identity';
  if (coding === 'identity' || coding === '') return bytes.toString('utf8');
  const decode = decoders[coding];
  if (!decode) throw new UpstreamDataError(`answer in an unexpected encoding (${coding})`);
  return (await decode(bytes)).toString('utf8');
}

interface Outcome {
  data?: unknown;
  error?: UpstreamDataError;
  /** Worth another try, after this many ms when the answer said. */
  transient: boolean;
  retryAfterMs?: number;
}

async function once(upstream: CatalogUpstream, target: string): Promise<Outcome> {
  let response: Response;
  try {
    response = await upstream(target);
  } catch (error) {
    return { error: new UpstreamDataError(`request failed (${error instanceof Error ? error.name : 'error'})`), transient: true };
  }
  let body: unknown;
  try {
    body = JSON.parse(await bodyText(response));
  } catch (error) {
    const reason = error instanceof UpstreamDataError ? error.message : 'a body that is not JSON';
    return { error: new UpstreamDataError(`HTTP ${String(response.status)} with ${reason}`), transient: response.status >= 500 };
  }
  const code = typeof body === 'object' && body !== null && 'code' in body && typeof body.code === 'number' ? body.code : undefined;
  if (response.ok && code === ERROR_CODES.SUCCESS && 'data' in (body as object)) return { data: (body as { data: unknown }).data, transient: false };
  const retryAfterHeader = response.headers.get('retry-after');
  const retryAfter = retryAfterHeader === null ? Number.NaN : Number(retryAfterHeader);
  return {
    error: new UpstreamDataError(`HTTP ${String(response.status)}, code ${String(code ?? 'none')}`, code),
    transient: (code !== undefined && TRANSIENT_CODES.has(code)) || response.status === 429 || response.status >= 500,
    ...(Number.isFinite(retryAfter) && retryAfter >= 0 && { retryAfterMs: retryAfter * 1000 }),
  };
}

const defaultSleep = (ms: number): Promise<void> =>
  new Promise((resolve) => {
    setTimeout(resolve, ms);
  });

export function upstreamGet(upstream: CatalogUpstream, options: UpstreamGetOptions = {}): UpstreamGet {
  const attempts = options.attempts ?? 3;
  const retryDelayMs = options.retryDelayMs ?? 1_000;
  const maxRetryDelayMs = options.maxRetryDelayMs ?? 10_000;
  const sleep = options.sleep ?? defaultSleep;
  return async (target) => {
    for (let attempt = 1; ; attempt += 1) {
      const outcome = await once(upstream, target);
      if (outcome.error === undefined) return outcome.data;
      const wait = outcome.retryAfterMs ?? attempt * retryDelayMs;
      if (!outcome.transient || attempt >= attempts || wait > maxRetryDelayMs) {
        const path = target.split('?')[0] ?? target;
        throw new UpstreamDataError(`${path}: ${outcome.error.message}`, outcome.error.code);
      }
      await sleep(wait);
    }
  };
}
