/**
 * Upstream mode: one `ws` client connection to MARKET_WS_URL per browser socket, with the server's
 * key as `api_key` (the browser's query is never forwarded). Text frames go both ways; frames the
 * browser sends during the handshake wait in a bounded queue. Failures reach the browser as the
 * protocol's connect messages; the key never reaches the browser or the log.
 */
import type { IncomingMessage } from 'node:http';
import WebSocket from 'ws';
import type { RelayPeer } from './browser-peer.ts';
import { browserCloseCode, CLOSE } from './close-codes.ts';
import { DATA_SOURCE_UNAVAILABLE, INVALID_SERVER_KEY, type ConnectRefusal } from './connect-replies.ts';
import { frameForBrowser, redactKey } from './key-redaction.ts';
import { PendingFrames } from './pending-frames.ts';
import { frameText, type DataSourceLink } from './data-source.ts';

export interface UpstreamLinkOptions {
  /** MARKET_WS_URL, without query. */
  url: string;
  apiKey: string;
  log: (line: string) => void;
  /** Bound of the opening handshake; default 10 s. */
  handshakeTimeoutMs?: number;
  /** Largest upstream message; default 8 MiB. */
  maxPayload?: number;
  /** Bytes queued towards the upstream beyond which the browser is closed 1013; default 4 MiB. */
  maxUpstreamBufferedBytes?: number;
}

export const UPSTREAM_HANDSHAKE_TIMEOUT_MS = 10_000;
export const UPSTREAM_MAX_PAYLOAD = 8 * 1024 * 1024;
const MAX_UPSTREAM_BUFFERED_BYTES = 4 * 1024 * 1024;

/** The upstream URL with the key; the key only ever lives in this string and the socket. */
export function keyedUrl(url: string, apiKey: string): string {
  const keyed = new URL(url);
  keyed.searchParams.set('api_key', apiKey);
  return keyed.href;
}

export function connectUpstream(peer: RelayPeer, options: UpstreamLinkOptions): DataSourceLink {
  const log = (line: string): void => {
    options.log(redactKey(line, options.apiKey));
  };
  const maxUpstreamBuffered = options.maxUpstreamBufferedBytes ?? MAX_UPSTREAM_BUFFERED_BYTES;
  const pending = new PendingFrames();
  let opened = false;
  let browserGone = false;
  let refusedStatus: number | undefined;
  let failed = false;

  const upstream = new WebSocket(keyedUrl(options.url, options.apiKey), {
    perMessageDeflate: true,
    handshakeTimeout: options.handshakeTimeoutMs ?? UPSTREAM_HANDSHAKE_TIMEOUT_MS,
    maxPayload: options.maxPayload ?? UPSTREAM_MAX_PAYLOAD,
    followRedirects: false,
    headers: { 'User-Agent': 'chartroom-server' },
  });

  /** The handshake failed: tell the browser why, once, and close it. */
  const fail = (refusal: ConnectRefusal, why: string): void => {
    if (failed || opened) return;
    failed = true;
    if (browserGone) return;
    log(`chartroom: realtime upstream ${why}`);
    peer.send(refusal.message);
    peer.close(refusal.closeCode, refusal.closeReason);
  };

  upstream.on('unexpected-response', (_request, response: IncomingMessage) => {
    // Handled here, ws leaves the handshake open: record the status and abort it ourselves.
    refusedStatus = response.statusCode;
    response.resume();
    upstream.terminate();
  });
  upstream.on('open', () => {
    opened = true;
    for (const text of pending.drain()) upstream.send(text);
  });
  upstream.on('message', (data: WebSocket.RawData, isBinary) => {
    // The protocol is text frames of JSON only.
    if (isBinary) return;
    peer.send(frameForBrowser(frameText(data), options.apiKey));
  });
  upstream.on('error', (error) => {
    if (opened || browserGone) return;
    if (refusedStatus === 401 || refusedStatus === 403) fail(INVALID_SERVER_KEY, `refused the server's key (HTTP ${refusedStatus})`);
    else if (refusedStatus !== undefined) fail(DATA_SOURCE_UNAVAILABLE, `handshake answered HTTP ${refusedStatus}`);
    else fail(DATA_SOURCE_UNAVAILABLE, `unreachable (${error.message})`);
  });
  upstream.on('close', (code, reason) => {
    if (!opened) {
      fail(DATA_SOURCE_UNAVAILABLE, 'closed during the handshake');
      return;
    }
    if (browserGone) return;
    peer.close(browserCloseCode(code), redactKey(reason.toString(), options.apiKey));
  });

  return {
    receive: (text) => {
      if (upstream.readyState === WebSocket.OPEN) {
        upstream.send(text);
        if (upstream.bufferedAmount > maxUpstreamBuffered) peer.close(CLOSE.TRY_AGAIN_LATER, 'data source too slow');
      } else if (upstream.readyState === WebSocket.CONNECTING && !pending.push(text)) {
        peer.close(CLOSE.TRY_AGAIN_LATER, 'too many messages before the data source connected');
      }
    },
    closed: () => {
      if (browserGone) return;
      browserGone = true;
      if (upstream.readyState === WebSocket.CONNECTING) upstream.terminate();
      else if (upstream.readyState === WebSocket.OPEN) upstream.close(CLOSE.NORMAL, '');
    },
  };
}
