/**
 * The floor of any Node forwarder, for bench/forwarder.ts: a keep-alive node:http proxy with no
 * checks at all. It passes the path to BARE_PROXY_UPSTREAM with the simulator's demo key and the
 * browser's Accept-Encoding, buffers the answer and sends it back with its type, encoding and
 * length. Never a product server: run it only against a local simulator.
 */
import http from 'node:http';

const upstream = new URL(process.env.BARE_PROXY_UPSTREAM ?? '');
const agent = new http.Agent({ keepAlive: true });

const server = http.createServer((incoming, outgoing) => {
  const headers: Record<string, string> = { 'x-api-key': 'demo-enterprise', 'accept-encoding': incoming.headers['accept-encoding'] ?? '' };
  const request = http.request({ hostname: upstream.hostname, port: upstream.port, path: incoming.url, method: 'GET', headers, agent }, (answer) => {
    const chunks: Buffer[] = [];
    answer.on('data', (chunk: Buffer) => chunks.push(chunk));
    answer.on('end', () => {
      const body = Buffer.concat(chunks);
      const sent: Record<string, string | number> = { 'content-type': answer.headers['content-type'] ?? 'application/json', 'content-length': body.length };
      if (answer.headers['content-encoding']) sent['content-encoding'] = answer.headers['content-encoding'];
      outgoing.writeHead(answer.statusCode ?? 502, sent);
      outgoing.end(body);
    });
  });
  request.on('error', () => {
    outgoing.writeHead(502).end();
  });
  request.end();
});

server.listen(Number(process.env.PORT ?? 0), process.env.HOST ?? '127.0.0.1', () => {
  const address = server.address();
  if (address && typeof address === 'object') console.log(`bare proxy listening on http://127.0.0.1:${String(address.port)}`);
});
process.on('SIGTERM', () => {
  server.close();
  agent.destroy();
  server.closeAllConnections();
});
