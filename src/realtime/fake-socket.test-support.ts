/**
 * A scripted WebSocket for the realtime client's tests: records what the client sends and lets a
 * test open, answer, push and close like the server would.
 */
import { RealtimeClient, type RealtimeClientOptions } from './realtime-client';
import type { SocketEvents, SocketFactory } from './socket';

export class FakeSocket {
  readonly sent: unknown[] = [];
  /** Subscribe requests not yet acknowledged by `ackAll`. */
  readonly unacked: unknown[] = [];
  /** Answers pings with a pong (in the next task, like a server). */
  autoPong = false;
  closedWith: { code: number | undefined; reason: string | undefined } | undefined;

  constructor(
    readonly url: string,
    private readonly events: SocketEvents,
  ) {}

  open(): void {
    this.events.open();
  }

  /** A server frame: objects are sent as JSON, strings as they are. */
  receive(message: unknown): void {
    this.events.message(typeof message === 'string' ? message : JSON.stringify(message));
  }

  serverClose(code: number, reason = ''): void {
    this.events.close(code, reason);
  }

  /** Acknowledges every subscribe sent so far that has not been acknowledged (and forgets what was sent). */
  ackAll(): void {
    this.sent.length = 0;
    for (const message of this.unacked.splice(0)) {
      const { cmd, data } = message as { cmd: string; data?: { channel: string; symbols: string[] } };
      if (cmd === 'subscribe' && data) this.receive({ cmd, code: 0, message: 'success', data: { channel: data.channel, symbols: data.symbols } });
    }
  }

  /** What the client sent since the last call. */
  takeSent(): unknown[] {
    return this.sent.splice(0);
  }
}

export function fakeSocketFactory(): { factory: SocketFactory; sockets: FakeSocket[]; latest: () => FakeSocket } {
  const sockets: FakeSocket[] = [];
  const factory: SocketFactory = (url, events) => {
    const socket = new FakeSocket(url, events);
    sockets.push(socket);
    return {
      send(text) {
        const message = JSON.parse(text) as { cmd?: string };
        socket.sent.push(message);
        if (message.cmd === 'subscribe') socket.unacked.push(message);
        if (message.cmd === 'ping' && socket.autoPong) {
          setTimeout(() => {
            socket.receive({ cmd: 'pong', code: 0, message: 'pong', data: { timestamp: Date.now() } });
          }, 0);
        }
      },
      close(code, reason) {
        socket.closedWith = { code, reason };
      },
    };
  };
  return {
    factory,
    sockets,
    latest: () => {
      const socket = sockets.at(-1);
      if (!socket) throw new Error('no socket opened');
      return socket;
    },
  };
}

export function fakeClient(options: Partial<RealtimeClientOptions> = {}) {
  const fake = fakeSocketFactory();
  const client = new RealtimeClient({ createSocket: fake.factory, url: () => 'ws://chartroom.test/v1/realtime', random: () => 0.5, ...options });
  return { client, ...fake };
}

export const tickerPush = (symbol: string, lastPrice: string, timestamp = 1_795_618_800_000) => ({
  cmd: 'ticker',
  data: { symbol, type: 'stock', last_price: lastPrice, timestamp },
});
