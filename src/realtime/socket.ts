/**
 * The transport seen by the realtime client: a factory taking event handlers, so the browser's
 * WebSocket and the tests' fake socket plug in the same way.
 */
import { REALTIME_PATH } from '#shared/contract.ts';

export interface SocketEvents {
  open(): void;
  message(data: unknown): void;
  close(code: number, reason: string): void;
}

export interface SocketHandle {
  send(text: string): void;
  close(code?: number, reason?: string): void;
}

export type SocketFactory = (url: string, events: SocketEvents) => SocketHandle;

/** The browser's WebSocket behind the factory shape. */
export const browserSocketFactory: SocketFactory = (url, events) => {
  let socket: WebSocket;
  try {
    socket = new WebSocket(url);
  } catch {
    // A refused URL (CSP, bad host) reads like a connection that closed at once.
    setTimeout(() => {
      events.close(1006, 'WebSocket could not be created');
    }, 0);
    return inertSocketFactory(url, events);
  }
  socket.onopen = () => {
    events.open();
  };
  socket.onmessage = (event: MessageEvent) => {
    events.message(event.data);
  };
  socket.onclose = (event: CloseEvent) => {
    events.close(event.code, event.reason);
  };
  return {
    send(text) {
      if (socket.readyState === WebSocket.OPEN) socket.send(text);
    },
    close(code, reason) {
      socket.onopen = socket.onmessage = socket.onclose = null;
      socket.close(code, reason);
    },
  };
};

/** A socket that never opens (no WebSocket here, or unit tests that did not install a fake). */
export const inertSocketFactory: SocketFactory = () => ({
  send: () => undefined,
  close: () => undefined,
});

/**
 * `ws(s)://<this host>/v1/realtime`: the Chartroom server adds the key, the browser never has one.
 * `batch=1`: this client reads an array of messages in one frame (push-schemas.ts), so the server
 * may send a turn's pushes as one (an app cached from before still gets them one by one).
 */
export function realtimeUrl(location: Pick<Location, 'protocol' | 'host'>): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${REALTIME_PATH}?batch=1`;
}
