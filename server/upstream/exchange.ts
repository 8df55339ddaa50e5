/**
 * One bounded upstream exchange over node:http / node:https (not fetch, which decodes bodies but
 * keeps Content-Encoding). The whole exchange is bounded in time and the body in bytes as received;
 * redirects are not followed; a client abort aborts the upstream request.
 */
import http, { type IncomingHttpHeaders } from 'node:http';
import https from 'node:https';

export interface ExchangeRequest {
  url: URL; // origin and path prefix of the upstream; its search and hash are ignored
  path: string; // request target appended to the prefix: contract path plus `?query`
  headers: Record<string, string>;
  timeoutMs: number;
  maxResponseBytes: number;
  signal?: AbortSignal;
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
  const { url, signal } = request;
  if (signal?.aborted === true) return Promise.resolve({ kind: 'client-aborted' });
  const prefix = url.pathname.replace(/\/+$/, '');
  const client = url.protocol === 'https:' ? https : http;

  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: ExchangeResult): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      if (result.kind !== 'response') outgoing.destroy();
      resolve(result);
    };
    const onAbort = (): void => {
      finish({ kind: 'client-aborted' });
    };

    const outgoing = client.request(
      {
        protocol: url.protocol,
        hostname: url.hostname.replace(/^\[(.*)\]$/, '$1'),
        port: url.port === '' ? undefined : Number(url.port),
        path: prefix + request.path,
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
    signal?.addEventListener('abort', onAbort, { once: true });
    outgoing.end();
  });
}
