/**
 * The browser's end of a relayed connection, as the data source sees it: text frames out (counted
 * for the stats, bounded against slow consumers) and a close that never throws.
 */
import { CLOSE, closeReason } from './close-codes.ts';
import type { SubscriptionLedger } from './stats.ts';

/** What a data source (upstream link or simulator session) may do to the browser. */
export interface RelayPeer {
  send(text: string): void;
  close(code: number, reason: string): void;
}

/** The part of a `ws` WebSocket the peer uses. */
export interface BrowserSocket {
  readonly readyState: number;
  readonly bufferedAmount: number;
  send(data: string): void;
  close(code: number, reason: string): void;
  terminate(): void;
}

const OPEN = 1;

/** Beyond this many bytes queued for the browser, it is too slow: close rather than buffer on. */
export const MAX_BROWSER_BUFFERED_BYTES = 4 * 1024 * 1024;
/**
 * A slow consumer gets its close frame behind megabytes it is not reading; rather than hold them
 * for ws's 30 s close timeout, the connection is cut after this.
 */
export const SLOW_CONSUMER_CLOSE_GRACE_MS = 2_000;

export function browserPeer(socket: BrowserSocket, ledger: SubscriptionLedger, maxBufferedBytes = MAX_BROWSER_BUFFERED_BYTES): RelayPeer {
  const close = (code: number, reason: string): void => {
    if (socket.readyState !== OPEN) return;
    socket.close(code, closeReason(reason));
  };
  return {
    send: (text) => {
      if (socket.readyState !== OPEN) return;
      ledger.observe(text);
      socket.send(text);
      if (socket.bufferedAmount > maxBufferedBytes) {
        close(CLOSE.TRY_AGAIN_LATER, 'client too slow');
        setTimeout(() => {
          socket.terminate();
        }, SLOW_CONSUMER_CLOSE_GRACE_MS).unref();
      }
    },
    close,
  };
}
