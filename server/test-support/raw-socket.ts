/**
 * Raw bytes over a TCP socket on loopback, for requests node:http refuses to send (bad framing,
 * control characters, absolute-form targets, stalled headers), and a parser for what comes back.
 */
import net from 'node:net';

export interface ParsedResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

export interface RawExchange {
  /** Every complete response on the connection, in order. */
  responses: ParsedResponse[];
  /** Bytes after the last complete response (a cut-off or unparsable answer). */
  rest: Buffer;
  /** The server closed the connection (false: we gave up at the timeout). */
  closedByServer: boolean;
  /** The connection was refused or failed. */
  error?: string;
}

export interface SendOptions {
  /** Give up (and destroy the socket) after this long; default 5 s. */
  timeoutMs?: number;
  /** The request was HEAD: responses carry no body. */
  head?: boolean;
  /** Half-close our side after writing (the server sees end of input). */
  endAfterWrite?: boolean;
}

const HEADER_END = Buffer.from('\r\n\r\n');

/** Chunked body length (including the framing) at `start`, or undefined while incomplete. */
function chunkedLength(bytes: Buffer, start: number): { length: number; body: Buffer } | undefined {
  let offset = start;
  const parts: Buffer[] = [];
  for (let guard = 0; guard < 100_000; guard += 1) {
    const lineEnd = bytes.indexOf('\r\n', offset);
    if (lineEnd === -1) return undefined;
    const size = Number.parseInt(bytes.subarray(offset, lineEnd).toString('latin1'), 16);
    if (!Number.isFinite(size)) return undefined;
    offset = lineEnd + 2;
    if (size === 0) {
      const trailerEnd = bytes.indexOf('\r\n', offset);
      if (trailerEnd === -1) return undefined;
      return { length: trailerEnd + 2 - start, body: Buffer.concat(parts) };
    }
    if (offset + size + 2 > bytes.length) return undefined;
    parts.push(bytes.subarray(offset, offset + size));
    offset += size + 2;
  }
  return undefined;
}

/** Splits a byte stream into HTTP/1.x responses; a response without length runs to the end. */
export function parseResponses(bytes: Buffer, head: boolean, closed: boolean): { responses: ParsedResponse[]; rest: Buffer } {
  const responses: ParsedResponse[] = [];
  let offset = 0;
  while (offset < bytes.length) {
    const end = bytes.indexOf(HEADER_END, offset);
    if (end === -1) break;
    const lines = bytes.subarray(offset, end).toString('latin1').split('\r\n');
    const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(lines[0] ?? '')?.[1]);
    if (!Number.isInteger(status)) break;
    const headers: Record<string, string> = {};
    for (const line of lines.slice(1)) {
      const colon = line.indexOf(':');
      if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    let bodyStart = end + HEADER_END.length;
    let body: Buffer = Buffer.alloc(0);
    const noBody = head || (status >= 100 && status < 200) || status === 204 || status === 304;
    if (!noBody) {
      if (headers['transfer-encoding']?.toLowerCase() === 'chunked') {
        const chunked = chunkedLength(bytes, bodyStart);
        if (!chunked) break;
        body = chunked.body;
        bodyStart += chunked.length;
      } else if (headers['content-length'] !== undefined) {
        const length = Number(headers['content-length']);
        if (bodyStart + length > bytes.length) break;
        body = bytes.subarray(bodyStart, bodyStart + length);
        bodyStart += length;
      } else {
        if (!closed) break;
        body = bytes.subarray(bodyStart);
        bodyStart = bytes.length;
      }
    }
    responses.push({ status, headers, body });
    offset = bodyStart;
  }
  return { responses, rest: bytes.subarray(offset) };
}

/** Connects, writes `payload` (pieces written in order), and reads until the server closes. */
export function sendRaw(port: number, payload: string | Buffer | readonly (string | Buffer)[], options: SendOptions = {}): Promise<RawExchange> {
  const pieces: readonly (string | Buffer)[] = typeof payload === 'string' || Buffer.isBuffer(payload) ? [payload] : payload;
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let error: string | undefined;
    let closedByServer = false;
    let done = false;
    const socket = net.connect({ host: '127.0.0.1', port });
    const finish = (): void => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      const bytes = Buffer.concat(chunks);
      const parsed = parseResponses(bytes, options.head ?? false, closedByServer);
      resolve({ ...parsed, closedByServer, ...(error !== undefined && { error }) });
    };
    const timer = setTimeout(finish, options.timeoutMs ?? 5_000);
    socket.on('connect', () => {
      for (const piece of pieces) socket.write(piece);
      if (options.endAfterWrite === true) socket.end();
    });
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', (cause: Error & { code?: string }) => {
      error = cause.code ?? cause.message;
    });
    socket.on('close', () => {
      closedByServer = error === undefined || error === 'ECONNRESET' || error === 'EPIPE';
      finish();
    });
  });
}
