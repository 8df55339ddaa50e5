/**
 * Header hygiene, both ways, by allowlist: only a few browser headers go upstream (plus our key),
 * and only a few upstream headers come back. Credentials, cookies and redirects never cross.
 */
import type { IncomingHttpHeaders } from 'node:http';

export const UPSTREAM_ACCEPT_ENCODING = 'gzip, br';
export const UPSTREAM_USER_AGENT = 'chartroom-server';
export const REDACTED = '[redacted]';

/** Browser headers copied to upstream (canonical spelling). */
const FORWARDED_REQUEST_HEADERS = ['Accept', 'Accept-Language', 'If-None-Match', 'If-Modified-Since'] as const;
const MAX_FORWARDED_VALUE_LENGTH = 1024;

/** Upstream headers copied to the browser. Content-Encoding, Vary and Content-Length are set by the forwarder. */
const RETURNED_RESPONSE_HEADERS = ['Content-Type', 'Retry-After', 'Cache-Control', 'ETag', 'Last-Modified'] as const;
/** The same, with the lower-case name Node's parsed headers use (worked out once, not per answer). */
const RETURNED_BY_PARSED_NAME = RETURNED_RESPONSE_HEADERS.map((name) => [name, name.toLowerCase()] as const);

/** Replaces every occurrence of `secret` in `text`. */
export function redact(text: string, secret: string): string {
  return secret === '' ? text : text.replaceAll(secret, REDACTED);
}

function isPrintableHeaderValue(value: string): boolean {
  return value.length <= MAX_FORWARDED_VALUE_LENGTH && /^[\t\x20-\x7e]*$/.test(value);
}

/** The headers of the upstream request: the allowlisted browser headers plus ours. */
export function upstreamRequestHeaders(browser: Headers, apiKey: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const name of FORWARDED_REQUEST_HEADERS) {
    const value = browser.get(name);
    if (value !== null && isPrintableHeaderValue(value)) headers[name] = value;
  }
  headers['Accept-Encoding'] = UPSTREAM_ACCEPT_ENCODING;
  headers['User-Agent'] = UPSTREAM_USER_AGENT;
  headers['X-API-Key'] = apiKey;
  return headers;
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(', ') : value;
}

/**
 * The allowlisted upstream headers, with the key redacted should upstream ever echo it, and with
 * `Accept-Encoding` added to Vary since the forwarder negotiates the coding per browser.
 */
export function browserResponseHeaders(upstream: IncomingHttpHeaders, apiKey: string): Headers {
  const headers = new Headers();
  for (const [name, parsedName] of RETURNED_BY_PARSED_NAME) {
    const value = headerValue(upstream[parsedName]);
    if (value !== undefined && /^[\t\x20-\x7e]*$/.test(value)) headers.set(name, redact(value, apiKey));
  }
  headers.set('Vary', varyOfUpstream(redact(headerValue(upstream.vary) ?? '', apiKey)));
  return headers;
}

/** The upstream sends the same Vary on every answer: the last one worked out is kept. */
let lastVary = { upstream: '', browser: varyWithAcceptEncoding('') };

function varyOfUpstream(vary: string): string {
  if (vary !== lastVary.upstream) lastVary = { upstream: vary, browser: varyWithAcceptEncoding(vary) };
  return lastVary.browser;
}

export function varyWithAcceptEncoding(vary: string): string {
  const fields = vary
    .split(',')
    .map((field) => field.trim())
    .filter((field) => field !== '' && /^[\x21-\x7e]+$/.test(field));
  if (fields.includes('*')) return '*';
  if (!fields.some((field) => field.toLowerCase() === 'accept-encoding')) fields.push('Accept-Encoding');
  return fields.join(', ');
}

/** An ETag for a representation we changed (decoded or compressed): weak, since the bytes differ. */
export function weakenEtag(headers: Headers): void {
  const etag = headers.get('ETag');
  if (etag !== null && !etag.startsWith('W/')) headers.set('ETag', `W/${etag}`);
}
