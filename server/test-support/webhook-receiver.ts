/**
 * A webhook receiver for tests: a real HTTP server on a loopback address and a free port that
 * records each request (its raw body as received) and answers as the test's handler says.
 */
import http, { type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export type ReceiverHandler = (request: ReceivedRequest, response: ServerResponse) => void;

export interface WebhookReceiver {
  host: string;
  port: number;
  /** Requests in the order they arrived (their whole body read). */
  requests: ReceivedRequest[];
  close(): Promise<void>;
}

const answerOk: ReceiverHandler = (_request, response) => {
  response.writeHead(200, { 'Content-Type': 'text/plain' }).end('ok');
};

export function startWebhookReceiver(handler: ReceiverHandler = answerOk, host = '127.0.0.1'): Promise<WebhookReceiver> {
  const requests: ReceivedRequest[] = [];
  const server = http.createServer((incoming, response) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const request = { method: incoming.method ?? '', url: incoming.url ?? '', headers: incoming.headers, body: Buffer.concat(chunks).toString('utf8') };
      requests.push(request);
      handler(request, response);
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        host,
        port,
        requests,
        close: () =>
          new Promise((done) => {
            // Handlers that never answer (timeout tests) leave connections open: cut them.
            server.closeAllConnections();
            server.close(() => {
              done();
            });
          }),
      });
    });
  });
}
