/** Where a browser socket's frames go: the upstream (upstream mode) or the embedded simulator. */
import type WebSocket from 'ws';
import type { RelayPeer } from './browser-peer.ts';

export interface DataSourceLink {
  /** A text frame from the browser. */
  receive(text: string): void;
  /** The browser socket closed (idempotent). */
  closed(): void;
}

/** Opens the data source side of a new browser connection. */
export type DataSourceFactory = (peer: RelayPeer, clientAddress: string | undefined) => DataSourceLink;

/** A received `ws` message as text (ws has already checked that text frames are UTF-8). */
export function frameText(data: WebSocket.RawData): string {
  if (Buffer.isBuffer(data)) return data.toString();
  return Buffer.concat(Array.isArray(data) ? data : [Buffer.from(data)]).toString();
}
