/**
 * The `ws` transport of the simulator's realtime service: takes an HTTP upgrade already routed to
 * `/v1/realtime` (routing is the caller's business), reads `api_key` from the query and ties the
 * socket to a session.
 */
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData } from 'ws';
import { REALTIME_PATH } from '#shared/contract.ts';
import type { SimRealtime } from './types.ts';

/** Client frames beyond this close the socket (1009): a subscribe of thousands of symbols fits. */
const MAX_PAYLOAD_BYTES = 64 * 1024;

/** One socket server per service, without its own HTTP server. */
const servers = new WeakMap<SimRealtime, WebSocketServer>();

function serverFor(realtime: SimRealtime): WebSocketServer {
  let server = servers.get(realtime);
  if (!server) {
    server = new WebSocketServer({ noServer: true, maxPayload: MAX_PAYLOAD_BYTES });
    servers.set(realtime, server);
  }
  return server;
}

function textOf(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.from(data as ArrayBuffer).toString('utf8');
}

export function acceptRealtimeUpgrade(realtime: SimRealtime, request: IncomingMessage, socket: Duplex, head: Buffer): void {
  const apiKey = new URL(request.url ?? '/', 'http://localhost').searchParams.get('api_key') ?? undefined;
  const clientAddress = request.socket.remoteAddress;
  serverFor(realtime).handleUpgrade(request, socket, head, (ws) => {
    const session = realtime.open(
      {
        send: (text) => {
          if (ws.readyState === ws.OPEN) ws.send(text);
        },
        close: (code, reason) => {
          ws.close(code, reason);
        },
      },
      apiKey,
      clientAddress,
    );
    ws.on('message', (data) => {
      session.receive(textOf(data));
    });
    const ended = (): void => {
      session.closed();
    };
    ws.on('close', ended);
    ws.on('error', ended);
  });
}

/**
 * For a server of its own (`npm run sim`, tests): upgrades on exactly `/v1/realtime` (the raw
 * target's path, before any query) go to the service; any other upgrade is refused.
 */
export function serveRealtimeUpgrades(server: Server, realtime: SimRealtime): void {
  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = (request.url ?? '').split('?', 1)[0];
    if (path === REALTIME_PATH) acceptRealtimeUpgrade(realtime, request, socket, head);
    else socket.destroy();
  });
}
