/**
 * One bounded upstream exchange over node:http / node:https (not fetch, which decodes bodies but
 * keeps Content-Encoding). The whole exchange is bounded in time and the body in bytes as received;
 * redirects are not followed; a client abort aborts the upstream request.
 */
import http, { type IncomingHttpHeaders } from 'node:http';
import https from 'node:https';
import type { ClientGone } from './client-gone.ts';

/** Where upstream requests go, worked out once from the base URL (not per request). */
export interface UpstreamOrigin {
  client: typeof http | typeof https;
  protocol: string;
  hostname: string;
  port: number | undefined;
  /** The base URL's path without trailing slashes, put before every request's path. */
  prefix: string;
}

/** The upstream of a base URL: its origin and path prefix; its search and hash are ignored. */
export function upstreamOrigin(url: URL): UpstreamOrigin {
  return {
    client: url.protocol === 'https:' ? https : http,
    protocol: url.protocol,
    hostname: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: url.port === '' ? undefined : Number(url.port),
    prefix: url.pathname.replace(/\/+$/, ''),
  };
}

export interface ExchangeRequest {
  upstream: UpstreamOrigin;
  path: string; // request target appended to the prefix: contract path plus `?query`
  headers: Record<string, string>;
  timeoutMs: number;
  maxResponseBytes: number;
  clientGone?: ClientGone;
}

export type ExchangeResult =
  | { kind: 'response'; status: number; headers: IncomingHttpHeaders; body: Buffer }
  | { kind: 'timeout' }
  | { kind: 'unreachable'; reason: string }
  | { kind: 'too-large' }
  | { kind: 'client-aborted' };

function errorCode(error: unknown): string {
  if (typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string') {
    return error.code;
  }
  return 'error';
}

export function exchange(request: ExchangeRequest): Promise<ExchangeResult> {
  const { upstream, clientGone } = request;
  if (clientGone?.gone === true) return Promise.resolve({ kind: 'client-aborted' });

  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: ExchangeResult): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      stopWatching?.();
      if (result.kind !== 'response') outgoing.destroy();
      resolve(result);
    };

    const outgoing = upstream.client.request(
      {
        protocol: upstream.protocol,
        hostname: upstream.hostname,
        port: upstream.port,
        path: upstream.prefix + request.path,
        method: 'GET',
        headers: request.headers,
      },
      (incoming) => {
        const declared = Number(incoming.headers['content-length']);
        if (Number.isFinite(declared) && declared > request.maxResponseBytes) {
          finish({ kind: 'too-large' });
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        incoming.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > request.maxResponseBytes) {
            finish({ kind: 'too-large' });
            return;
          }
          chunks.push(chunk);
        });
        incoming.on('end', () => {
          finish({
            kind: 'response',
            status: incoming.statusCode ?? 0,
            headers: incoming.headers,
            body: Buffer.concat(chunks, size),
          });
        });
        incoming.on('error', (error) => {
          finish({ kind: 'unreachable', reason: errorCode(error) });
        });
        incoming.on('close', () => {
          if (!incoming.complete) finish({ kind: 'unreachable', reason: 'closed' });
        });
      },
    );
    outgoing.on('error', (error) => {
      finish({ kind: 'unreachable', reason: errorCode(error) });
    });
    const timer = setTimeout(() => {
      finish({ kind: 'timeout' });
    }, request.timeoutMs);
    const stopWatching = clientGone?.watch(() => {
      finish({ kind: 'client-aborted' });
    });
    outgoing.end();
  });
}
