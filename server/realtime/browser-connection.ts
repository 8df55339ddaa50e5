/**
 * One accepted browser socket: text frames to the data source, binary frames refused (1003),
 * oversize frames refused by `ws` itself (1009, maxPayload of the server), and the data source
 * told when the browser goes.
 */
import type WebSocket from 'ws';
import { browserPeer, type BrowserPeerOptions, type CorkableTransport } from './browser-peer.ts';
import { CLOSE } from './close-codes.ts';
import { frameText, type DataSourceFactory } from './data-source.ts';
import type { SubscriptionLedger } from './stats.ts';

/** Relays `socket` to a data source from `open`; `onClosed` runs once with the close code. */
export function relayBrowserSocket(
  socket: WebSocket,
  ledger: SubscriptionLedger,
  open: DataSourceFactory,
  clientAddress: string | undefined,
  peerOptions: BrowserPeerOptions | undefined,
  onClosed: (code: number) => void,
  /** The upgrade's TCP socket, to batch a turn's pushes into one write (BrowserPeerOptions). */
  transport?: CorkableTransport,
): void {
  const peer = browserPeer(socket, ledger, transport ? { ...peerOptions, transport } : peerOptions);
  // ws closes the socket itself on protocol errors (1002, 1007, 1009); the event only reports it.
  socket.on('error', () => undefined);
  let link: ReturnType<DataSourceFactory> | undefined;
  socket.on('message', (data, isBinary) => {
    if (socket.readyState !== socket.OPEN) return;
    if (isBinary) {
      peer.close(CLOSE.UNSUPPORTED_DATA, 'text frames only');
      return;
    }
    link?.receive(frameText(data));
  });
  socket.once('close', (code) => {
    link?.closed();
    ledger.release();
    onClosed(code);
  });
  try {
    link = open(peer, clientAddress);
  } catch {
    peer.close(CLOSE.INTERNAL_ERROR, 'internal error');
  }
}
