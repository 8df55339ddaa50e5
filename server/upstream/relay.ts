/**
 * From an upstream exchange to the browser's Response: statuses, allowlisted headers, content-coding
 * negotiation, and envelopes for everything that is not a usable upstream answer.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { ERROR_CODES, ERROR_MESSAGES, type ContractPath } from '#shared/contract.ts';
import { DecodedTooLargeError, decodeBody, gzipBody, isDecodable, normalizeContentEncoding, planEncoding } from './encoding.ts';
import { acceptsCoding } from '../accept-encoding.ts';
import { envelopeCodeOfBody } from '../metrics/envelope-code.ts';
import { errorResponse } from './envelope.ts';
import type { ExchangeResult } from './exchange.ts';
import { browserResponseHeaders, redact, weakenEtag } from './headers.ts';

export const HK_TICKER_PATH: ContractPath = '/v1/market/ticker/hk-stock';
const NULL_BODY_STATUSES: ReadonlySet<number> = new Set([204, 205, 304]);
const MAX_LOGGED_PATH = 200;

const { RATE_LIMITED, DATA_SOURCE_UNAVAILABLE, SERVICE_UNAVAILABLE } = ERROR_CODES;
const dataSourceUnavailable = (detail?: string): string =>
  detail === undefined ? ERROR_MESSAGES[DATA_SOURCE_UNAVAILABLE] : `${ERROR_MESSAGES[DATA_SOURCE_UNAVAILABLE]}: ${detail}`;

export interface Outcome {
  response: Response;
  /** Status for the log line when it differs from the response's (499: client went away). */
  logStatus?: number;
  /** Short reason appended to the log line. */
  note?: string;
  /** The envelope code of the body, when read from the bytes in hand (for the request counter). */
  code?: number;
}

export interface RelayLimits {
  apiKey: string;
  maxDecodedBytes: number;
}

/** Printable, bounded text for log lines and messages: control characters escaped, key redacted. */
export function printable(text: string, apiKey: string, max = MAX_LOGGED_PATH): string {
  const cut = text.length > max ? `${text.slice(0, max)}…` : text;
  // eslint-disable-next-line no-control-regex
  const escaped = cut.replace(/[\x00-\x1f\x7f]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
  return redact(escaped, apiKey);
}

function unavailable(detail?: string, note?: string): Outcome {
  return { response: errorResponse(502, DATA_SOURCE_UNAVAILABLE, dataSourceUnavailable(detail)), note: note ?? detail };
}

export async function relay(result: ExchangeResult, path: ContractPath, acceptEncoding: string | null, config: RelayLimits): Promise<Outcome> {
  switch (result.kind) {
    case 'timeout':
      return {
        response: errorResponse(504, SERVICE_UNAVAILABLE, `${ERROR_MESSAGES[SERVICE_UNAVAILABLE]}: upstream timeout`),
        note: 'upstream timeout',
      };
    case 'unreachable':
      return unavailable(undefined, `upstream unreachable: ${result.reason}`);
    case 'too-large':
      return unavailable('upstream response too large');
    case 'client-aborted':
      return { ...unavailable(undefined, 'client closed request'), logStatus: 499 };
    case 'response':
      return relayResponse(result.status, result.headers, result.body, path, acceptEncoding, config);
  }
}

async function relayResponse(
  status: number,
  upstreamHeaders: IncomingHttpHeaders,
  received: Buffer,
  path: ContractPath,
  acceptEncoding: string | null,
  config: RelayLimits,
): Promise<Outcome> {
  if (status < 200 || status > 599) return unavailable(undefined, `upstream status ${status}`);
  if (status >= 300 && status < 400 && status !== 304) return unavailable(undefined, `upstream redirect ${status} not followed`);

  const headers = browserResponseHeaders(upstreamHeaders, config.apiKey);
  if (NULL_BODY_STATUSES.has(status)) {
    headers.delete('Content-Type');
    return { response: new Response(null, { status, headers }) };
  }

  let coding = normalizeContentEncoding(upstreamHeaders['content-encoding']);
  let body = received;
  try {
    if (status >= 400) {
      // Error bodies are small: read them, keep JSON envelopes (key redacted), replace the rest.
      if (coding === '' || isDecodable(coding)) {
        const text = (coding === '' ? body : await decodeBody(body, coding, config.maxDecodedBytes)).toString('utf8');
        if (!isJsonObject(text)) return replaceNonJsonError(status, headers);
        const clean = redact(text, config.apiKey);
        if (clean !== text) {
          body = Buffer.from(clean, 'utf8');
          coding = '';
        }
      }
    }

    const plan = planEncoding(coding, acceptEncoding);
    if (plan.kind === 'unsupported') return unavailable(`unsupported upstream content encoding ${printable(plan.coding, config.apiKey, 40)}`);
    if (plan.kind === 'decode') {
      body = await decodeBody(body, plan.coding, config.maxDecodedBytes);
      coding = '';
      weakenEtag(headers);
    } else if (coding === '' && path === HK_TICKER_PATH && status < 300 && acceptsCoding(acceptEncoding, 'gzip')) {
      // The contract sends the full HK list compressed; keep that promise if upstream did not.
      body = await gzipBody(body);
      coding = 'gzip';
      weakenEtag(headers);
    }
  } catch (error) {
    if (error instanceof DecodedTooLargeError) return unavailable('upstream response too large');
    return unavailable('malformed upstream response');
  }

  if (coding !== '') headers.set('Content-Encoding', coding);
  headers.set('Content-Length', String(body.byteLength));
  const response = new Response(bodyInit(body), { status, headers });
  const code = envelopeCodeOfBody(headers.get('Content-Type'), coding === '' ? null : coding, body);
  return code === undefined ? { response } : { response, code };
}

/** A view of the buffer's bytes that the Response constructor accepts (copied only if shared). */
export function bodyInit(buffer: Buffer): Uint8Array<ArrayBuffer> {
  const backing = buffer.buffer;
  return backing instanceof ArrayBuffer ? new Uint8Array(backing, buffer.byteOffset, buffer.byteLength) : new Uint8Array(buffer);
}

function isJsonObject(text: string): boolean {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value);
  } catch {
    return false;
  }
}

/** A non-JSON upstream error (an HTML 502 page, an empty 503…) becomes an envelope. */
function replaceNonJsonError(status: number, headers: Headers): Outcome {
  const retryAfter = headers.get('Retry-After');
  const extra = retryAfter === null ? undefined : { 'Retry-After': retryAfter };
  const note = `non-JSON upstream ${status}`;
  if (status === 429) {
    return { response: errorResponse(429, RATE_LIMITED, ERROR_MESSAGES[RATE_LIMITED], extra), note };
  }
  return { response: errorResponse(502, DATA_SOURCE_UNAVAILABLE, dataSourceUnavailable(), extra), note };
}
