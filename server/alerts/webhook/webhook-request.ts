/**
 * One HTTP exchange with a webhook receiver, connected only to addresses already checked.
 *
 * The check resolved the name and judged every address; if the request resolved it again, a name
 * whose DNS answer changes in between (DNS rebinding: public at the check, 127.0.0.1 at the
 * connect) would reach what the check refused. So the request's `lookup` answers with the checked
 * addresses only, while the URL keeps the name for the Host header, TLS's SNI and the
 * certificate's check. (An address in the URL is connected to as written: Node does no lookup.)
 */
import type { LookupAddress, LookupOptions } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';

/** A receiver's response body is read and dropped up to this; past it the connection is cut. */
const MAX_RESPONSE_BYTES = 64 * 1024;

export interface Exchange {
  url: URL;
  /** The addresses checked for the URL's host. */
  addresses: readonly string[];
  method: 'POST' | 'GET';
  headers: Record<string, string>;
  body?: string;
  signal: AbortSignal;
}

export type ExchangeResult = { status: number; location: string | undefined } | { error: string };

function familyOf(options: LookupOptions): number {
  if (options.family === 'IPv4') return 4;
  if (options.family === 'IPv6') return 6;
  return options.family ?? 0;
}

/** A `lookup` for node:net that knows one name and answers only with the given addresses. */
export function pinnedLookup(hostname: string, addresses: readonly string[]): LookupFunction {
  return (name, options, callback) => {
    const family = familyOf(options);
    const entries: LookupAddress[] = addresses
      .map((address) => ({ address, family: isIP(address) }))
      .filter((entry) => family === 0 || entry.family === family);
    const [first] = entries;
    // Asynchronous, as dns.lookup is: net's connect logic expects its callback later.
    process.nextTick(() => {
      if (name !== hostname || first === undefined) {
        const error: NodeJS.ErrnoException = new Error(`${name} has no checked address${family === 0 ? '' : ` of IPv${family}`}`);
        error.code = 'ENOTFOUND';
        callback(error, '', 0);
      } else if (options.all === true) callback(null, entries);
      else callback(null, first.address, first.family);
    });
  };
}

/** Sends the request; resolves with the status (and Location) once the response is read, or the error. */
export function exchange(request: Exchange): Promise<ExchangeResult> {
  const { url, addresses, method, headers, body, signal } = request;
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    let response: { status: number; location: string | undefined } | undefined;
    // No agent: no pooled socket from an earlier check's addresses, and nothing kept open after.
    const options = { method, headers, signal, agent: false, lookup: pinnedLookup(url.hostname.replace(/^\[(.*)\]$/, '$1'), addresses) } as const;
    const outgoing = transport.request(url, options, (incoming) => {
      response = { status: incoming.statusCode ?? 0, location: incoming.headers.location };
      const settled = response;
      let read = 0;
      // The status decides; the body is drained (so a slow or endless one cannot hold us past
      // the cap or the deadline) and dropped.
      const done = () => {
        incoming.destroy();
        resolve(settled);
      };
      incoming.on('data', (chunk: Buffer) => {
        read += chunk.length;
        if (read > MAX_RESPONSE_BYTES) done();
      });
      incoming.on('end', done);
      incoming.on('close', done);
      incoming.on('error', done);
    });
    outgoing.on('error', (error) => {
      resolve(response ?? { error: error.message });
    });
    outgoing.end(body);
  });
}
