/**
 * The production server's Node HTTP server: bounded header size, time limits against slow
 * clients, and errors Node or the adapter answer themselves (malformed requests, oversized
 * headers, timeouts) sent as `{code, message}` envelopes with the security headers too.
 */
import { getRequestListener, RequestError } from '@hono/node-server';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { ERROR_CODES, ERROR_MESSAGES } from '#shared/contract.ts';
import type { HttpServerConfig } from './config.ts';
import { withHeaders } from './security-headers.ts';
import { errorResponse } from './upstream/envelope.ts';

export type FetchHandler = (request: Request, env: { incoming: http.IncomingMessage; outgoing: http.ServerResponse }) => Response | Promise<Response>;

export type HttpLimits = Pick<HttpServerConfig, 'headersTimeoutMs' | 'requestTimeoutMs' | 'keepAliveTimeoutMs' | 'maxHeaderBytes'>;

const { INVALID_PARAMETER, INTERNAL_ERROR } = ERROR_CODES;

/** What Node's parser or timers refused, by error code: status and detail. */
function clientErrorAnswer(code: string | undefined): [number, string, string] {
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      return [431, 'Request Header Fields Too Large', 'request line and headers too large'];
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return [408, 'Request Timeout', 'request not received in time'];
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return [413, 'Content Too Large', 'chunk extensions too large'];
    default:
      return [400, 'Bad Request', 'malformed HTTP request'];
  }
}

/** A complete raw HTTP/1.1 error response that closes the connection. */
export function rawErrorResponse(code: string | undefined, headers: readonly (readonly [string, string])[]): string {
  const [status, reason, detail] = clientErrorAnswer(code);
  const body = JSON.stringify({ code: INVALID_PARAMETER, message: `${ERROR_MESSAGES[INVALID_PARAMETER]}: ${detail}` });
  const lines = [
    `HTTP/1.1 ${status} ${reason}`,
    'Connection: close',
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    ...headers.map(([name, value]) => `${name}: ${value}`),
  ];
  return `${lines.join('\r\n')}\r\n\r\n${body}`;
}

/** Node's default clientError behaviour, with our body: answer unless a response is under way. */
function onClientError(error: Error & { code?: string }, socket: Duplex, headers: readonly (readonly [string, string])[]): void {
  // Node's own check (internal field): the response attached to the connection, if any.
  const pending = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } | null })._httpMessage;
  if (error.code !== 'ECONNRESET' && socket.writable && pending?.headersSent !== true) {
    socket.write(rawErrorResponse(error.code, headers));
  }
  socket.destroy();
}

/** Answers for requests the adapter cannot turn into a Request (bad target or Host), or a crash. */
function adapterError(error: unknown, headers: readonly (readonly [string, string])[]): Response {
  const response =
    error instanceof RequestError
      ? errorResponse(400, INVALID_PARAMETER, `${ERROR_MESSAGES[INVALID_PARAMETER]}: malformed request target or Host`)
      : errorResponse(500, INTERNAL_ERROR, ERROR_MESSAGES[INTERNAL_ERROR]);
  return withHeaders(response, headers);
}

/**
 * An HTTP server for `fetch` with the given limits. `headers` go on the answers Node and the
 * adapter give themselves (the app adds its own to the rest).
 */
export function createHttpServer(fetch: FetchHandler, limits: HttpLimits, headers: readonly (readonly [string, string])[] = []): http.Server {
  const listener = getRequestListener(fetch as Parameters<typeof getRequestListener>[0], {
    errorHandler: (error) => adapterError(error, headers),
  });
  const server = http.createServer(
    {
      maxHeaderSize: limits.maxHeaderBytes,
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      keepAliveTimeout: limits.keepAliveTimeoutMs,
      // How often the header and request timeouts are checked (Node's default is 30 s).
      connectionsCheckingInterval: Math.max(50, Math.min(1_000, Math.floor(limits.headersTimeoutMs / 4))),
      // The adapter refuses a missing Host itself, through errorHandler (so with an envelope).
      requireHostHeader: false,
    },
    (request, response) => {
      void listener(request, response);
    },
  );
  // No API request has a body, so no `100 Continue` and no 417: the app answers the request as is.
  const answer = (request: http.IncomingMessage, response: http.ServerResponse): void => {
    void listener(request, response);
  };
  server.on('checkContinue', answer);
  server.on('checkExpectation', answer);
  server.on('clientError', (error: Error & { code?: string }, socket: Duplex) => {
    onClientError(error, socket, headers);
  });
  return server;
}

export function listen(server: http.Server, host: string, port: number): Promise<AddressInfo> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(server.address() as AddressInfo);
    });
  });
}
