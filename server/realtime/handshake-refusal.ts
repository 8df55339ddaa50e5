/**
 * Refusing a WebSocket handshake: a plain HTTP answer with a `{code, message}` envelope (as the
 * HTTP side would give) written on the raw socket, which is then closed.
 */
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';

export interface UpgradeRefusal {
  status: number;
  code: number;
  message: string;
  /** Extra response headers (Retry-After, ...). */
  headers?: readonly (readonly [string, string])[];
}

/** The complete HTTP/1.1 response for `refusal`, with `headers` (security headers) added. */
export function refusalResponse(refusal: UpgradeRefusal, headers: readonly (readonly [string, string])[]): string {
  const body = JSON.stringify({ code: refusal.code, message: refusal.message });
  const lines = [
    `HTTP/1.1 ${refusal.status} ${STATUS_CODES[refusal.status] ?? 'Error'}`,
    'Connection: close',
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    ...[...headers, ...(refusal.headers ?? [])].map(([name, value]) => `${name}: ${value}`),
  ];
  return `${lines.join('\r\n')}\r\n\r\n${body}`;
}

export function refuseUpgrade(socket: Duplex, refusal: UpgradeRefusal, headers: readonly (readonly [string, string])[]): void {
  socket.on('error', () => undefined);
  if (socket.writable) {
    // end() then destroy() once flushed: destroying at once could drop the answer.
    socket.end(refusalResponse(refusal, headers), () => {
      socket.destroy();
    });
  } else {
    socket.destroy();
  }
}
