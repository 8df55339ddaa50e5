/**
 * The forwarder: upstream mode of the server. It passes the contract's twelve GET paths to the
 * configured upstream, adding the server's key as X-API-Key, and answers everything else itself
 * with a `{code, message}` envelope. The key never reaches the browser or the log.
 */
import { ERROR_CODES, ERROR_MESSAGES, type ContractPath } from '#shared/contract.ts';
import { noteEnvelopeCode } from '../metrics/envelope-code.ts';
import { isForwardableMethod, matchContractPath } from './allowlist.ts';
import { acceptsHkTickerCoding } from './encoding.ts';
import { signalGone, type ClientGone } from './client-gone.ts';
import { errorResponse } from './envelope.ts';
import { exchange, upstreamOrigin, type UpstreamOrigin } from './exchange.ts';
import { redact, upstreamRequestHeaders } from './headers.ts';
import { HK_TICKER_PATH, printable, relay, type Outcome } from './relay.ts';
import type { SharedExchange } from './shared-exchange.ts';

export interface ForwarderOptions {
  /** e.g. 'https://api.tickdb.ai' or 'http://127.0.0.1:8787'; only its origin and path prefix are used. */
  baseUrl: string;
  /** The server's key, sent upstream as X-API-Key. */
  apiKey: string;
  /** Bound of the whole upstream exchange; default 10 000 ms. */
  timeoutMs?: number;
  /** Bound of the upstream body as received (compressed); default 32 MiB. */
  maxResponseBytes?: number;
  /** Bound of the request target (path and query); default 8 KiB. */
  maxUrlLength?: number;
  /** One line per request: method, path (no query), status, duration. Never the key. */
  log?: (line: string) => void;
  /** Called once per request that reached the upstream, with the exchange's duration (metrics). */
  onUpstreamExchange?: (path: ContractPath, seconds: number) => void;
  /** Shares upstream GETs among browsers (single flight, freshness, key budget); default: each request alone. */
  shared?: SharedExchange;
}

/**
 * Handles a `/v1/...` request. `rawPathAndQuery` is the request target exactly as received
 * (`incoming.url`); without it the path is read from `request.url`, which the URL parser has
 * already normalised (`..` resolved, `\` turned into `/`), so pass it whenever it is available.
 * `clientGone` tells that the browser went away (default: `request.signal`; on a Node server the
 * response is a cheaper source, see client-gone.ts).
 */
export type ForwardHandler = (request: Request, rawPathAndQuery?: string, clientGone?: ClientGone) => Promise<Response>;

/** Decoded bodies may be this many times larger than the received bytes. */
const DECODE_EXPANSION_LIMIT = 8;
const MAX_DECODED_BYTES = 512 * 1024 * 1024;

const { INVALID_PARAMETER, INTERNAL_ERROR } = ERROR_CODES;
const invalidParameter = (detail: string): string => `${ERROR_MESSAGES[INVALID_PARAMETER]}: ${detail}`;

interface Config {
  upstream: UpstreamOrigin;
  apiKey: string;
  timeoutMs: number;
  maxResponseBytes: number;
  maxDecodedBytes: number;
  maxUrlLength: number;
  log: ((line: string) => void) | undefined;
  onUpstreamExchange: ((path: ContractPath, seconds: number) => void) | undefined;
  shared: SharedExchange | undefined;
}

function positive(value: number | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  if (!Number.isFinite(value) || value <= 0) throw new RangeError(`createForwarder: ${name} must be a positive number`);
  return value;
}

function resolveConfig(options: ForwarderOptions): Config {
  let base: URL;
  try {
    base = new URL(options.baseUrl);
  } catch {
    throw new TypeError('createForwarder: baseUrl is not a valid URL');
  }
  if (base.protocol !== 'http:' && base.protocol !== 'https:') {
    throw new TypeError('createForwarder: baseUrl must be http: or https:');
  }
  if (options.apiKey === '' || !/^[\x21-\x7e]+$/.test(options.apiKey)) {
    throw new TypeError('createForwarder: apiKey must be non-empty printable ASCII without spaces');
  }
  const maxResponseBytes = positive(options.maxResponseBytes, 32 * 1024 * 1024, 'maxResponseBytes');
  return {
    upstream: upstreamOrigin(base),
    apiKey: options.apiKey,
    timeoutMs: positive(options.timeoutMs, 10_000, 'timeoutMs'),
    maxResponseBytes,
    maxDecodedBytes: Math.min(maxResponseBytes * DECODE_EXPANSION_LIMIT, MAX_DECODED_BYTES),
    maxUrlLength: positive(options.maxUrlLength, 8 * 1024, 'maxUrlLength'),
    log: options.log,
    onUpstreamExchange: options.onUpstreamExchange,
    shared: options.shared,
  };
}

/** The request target as far as the URL parser left it: a fallback when the raw one is not given. */
function targetOf(request: Request): string {
  const url = new URL(request.url);
  return url.pathname + url.search;
}

export function createForwarder(options: ForwarderOptions): ForwardHandler {
  const config = resolveConfig(options);
  return async (request, rawPathAndQuery, clientGone) => {
    const started = performance.now();
    const target = rawPathAndQuery ?? targetOf(request);
    const mark = target.indexOf('?');
    const path = mark === -1 ? target : target.slice(0, mark);
    let outcome: Outcome;
    try {
      outcome = await handle(request, target, config, clientGone ?? signalGone(request.signal));
    } catch {
      outcome = { response: errorResponse(500, INTERNAL_ERROR, ERROR_MESSAGES[INTERNAL_ERROR]), note: 'internal error' };
    }
    // Known from the bytes in hand: the request counter need not read the body again.
    if (outcome.code !== undefined) noteEnvelopeCode(request, outcome.code);
    if (config.log !== undefined) {
      const ms = Math.round(performance.now() - started);
      const status = outcome.logStatus ?? outcome.response.status;
      const note = outcome.note === undefined ? '' : ` (${outcome.note})`;
      const line = `${printable(request.method, config.apiKey, 16)} ${printable(path, config.apiKey)} ${status} ${ms}ms${note}`;
      try {
        config.log(redact(line, config.apiKey));
      } catch {
        // A failing logger must not fail the request.
      }
    }
    return outcome.response;
  };
}

function observeExchange(config: Config, path: ContractPath, seconds: number): void {
  try {
    config.onUpstreamExchange?.(path, seconds);
  } catch {
    // A failing observer must not fail the request.
  }
}

async function handle(request: Request, target: string, config: Config, clientGone: ClientGone): Promise<Outcome> {
  if (target.length > config.maxUrlLength) {
    return {
      response: errorResponse(414, INVALID_PARAMETER, invalidParameter(`URL longer than ${config.maxUrlLength} characters`)),
    };
  }
  const match = matchContractPath(target);
  if ('error' in match && match.error === 'not-found') {
    const mark = target.indexOf('?');
    const shown = printable(mark === -1 ? target : target.slice(0, mark), config.apiKey);
    return { response: errorResponse(404, INVALID_PARAMETER, invalidParameter(`unknown path ${shown}`)) };
  }
  if (!isForwardableMethod(request.method)) {
    const method = printable(request.method, config.apiKey, 16);
    return {
      response: errorResponse(405, INVALID_PARAMETER, invalidParameter(`method ${method} not allowed`), { Allow: 'GET' }),
    };
  }
  if ('error' in match) {
    return {
      response: errorResponse(400, INVALID_PARAMETER, invalidParameter('query string contains control, space or non-ASCII characters or a malformed escape')),
    };
  }
  const acceptEncoding = request.headers.get('accept-encoding');
  if (match.path === HK_TICKER_PATH && !acceptsHkTickerCoding(acceptEncoding)) {
    return {
      response: errorResponse(406, INVALID_PARAMETER, invalidParameter('Accept-Encoding must include gzip, br or zstd'), {
        Vary: 'Accept-Encoding',
      }),
    };
  }

  // An already aborted request never leaves (exchange answers it at once): not an upstream request.
  const reachesUpstream = !clientGone.gone;
  const started = performance.now();
  const upstreamRequest = {
    upstream: config.upstream,
    path: match.query === '' ? match.path : `${match.path}?${match.query}`,
    headers: upstreamRequestHeaders(request.headers, config.apiKey),
    timeoutMs: config.timeoutMs,
    maxResponseBytes: config.maxResponseBytes,
    clientGone,
  };
  const result = config.shared ? await config.shared(upstreamRequest, match.path) : await exchange(upstreamRequest);
  if (reachesUpstream) observeExchange(config, match.path, (performance.now() - started) / 1000);
  return relay(result, match.path, acceptEncoding, config);
}
