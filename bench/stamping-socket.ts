/**
 * A WebSocket client that costs next to nothing when a frame arrives, for the desk benches'
 * simulated browsers: a real RFC 6455 connection over a real TCP socket, which stamps each chunk
 * as it comes off the socket and decodes frames only when asked.
 *
 * Why not `ws`: 100 browsers in one thread, each frame parsed and emitted as it arrives, put
 * milliseconds between the first socket's stamp and the hundredth's. Those milliseconds were the
 * bench's own work, and they made up most of the "push latency added by the fan-out".
 *
 * Only what a browser of the bench needs: masked text frames out; unfragmented text frames in (the
 * server sends nothing else but pings, which are answered, and a close).
 */
import { randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';

const OPCODE_TEXT = 0x1;
const OPCODE_CLOSE = 0x8;
const OPCODE_PING = 0x9;
const OPCODE_PONG = 0xa;
const HEADER_END = '\r\n\r\n';

/** A text frame as received: its payload, and when its last byte came off the socket (timeOrigin ms). */
export interface StampedFrame {
  text: string;
  at: number;
}

/** A masked client frame (RFC 6455 §5.3: a client masks every frame). */
function clientFrame(opcode: number, payload: Buffer): Buffer {
  const length = payload.length;
  const lengthBytes = length < 126 ? 0 : length < 65_536 ? 2 : 8;
  const frame = Buffer.alloc(2 + lengthBytes + 4 + length);
  frame[0] = 0x80 | opcode;
  frame[1] = 0x80 | (lengthBytes === 0 ? length : lengthBytes === 2 ? 126 : 127);
  if (lengthBytes === 2) frame.writeUInt16BE(length, 2);
  if (lengthBytes === 8) frame.writeBigUInt64BE(BigInt(length), 2);
  const maskAt = 2 + lengthBytes;
  randomBytes(4).copy(frame, maskAt);
  for (let i = 0; i < length; i += 1) frame[maskAt + 4 + i] = (payload[i] ?? 0) ^ (frame[maskAt + (i % 4)] ?? 0);
  return frame;
}

/** Frames complete in `buffer` from `offset`: [opcode, payload start, payload end] and where the next begins. */
function nextFrame(buffer: Buffer, offset: number): { opcode: number; start: number; end: number } | undefined {
  if (buffer.length - offset < 2) return undefined;
  const opcode = (buffer[offset] ?? 0) & 0x0f;
  let length = (buffer[offset + 1] ?? 0) & 0x7f;
  let start = offset + 2;
  if (length === 126) {
    if (buffer.length < start + 2) return undefined;
    length = buffer.readUInt16BE(start);
    start += 2;
  } else if (length === 127) {
    if (buffer.length < start + 8) return undefined;
    length = Number(buffer.readBigUInt64BE(start));
    start += 8;
  }
  const end = start + length;
  return end <= buffer.length ? { opcode, start, end } : undefined;
}

export class StampingSocket {
  private pending: Buffer = Buffer.alloc(0);
  /** Whole frames' bytes with the arrival of each chunk that completed some. */
  private readonly chunks: { bytes: Buffer; at: number }[] = [];
  private upgraded = false;
  private closedByPeer = false;
  onClose: (() => void) | undefined;

  private constructor(private readonly socket: Socket) {}

  /** Connects and completes the opening handshake at `url` (ws://host:port/path?query). */
  static open(url: string, now: () => number): Promise<StampingSocket> {
    const target = new URL(url);
    const socket = connect(Number(target.port), target.hostname);
    socket.setNoDelay(true);
    const client = new StampingSocket(socket);
    return new Promise((resolve, reject) => {
      socket.once('error', reject);
      socket.once('connect', () => {
        socket.write(
          `GET ${target.pathname}${target.search} HTTP/1.1\r\nHost: ${target.host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
            `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
        );
      });
      socket.on('data', (chunk: Buffer) => {
        const at = now();
        if (client.upgraded) {
          client.received(chunk, at);
          return;
        }
        client.pending = Buffer.concat([client.pending, chunk]);
        const headerEnd = client.pending.indexOf(HEADER_END);
        if (headerEnd < 0) return;
        const status = client.pending.subarray(0, client.pending.indexOf('\r\n')).toString();
        if (!status.includes(' 101 ')) {
          reject(new Error(`handshake refused: ${status}`));
          socket.destroy();
          return;
        }
        client.upgraded = true;
        const rest = client.pending.subarray(headerEnd + HEADER_END.length);
        client.pending = Buffer.alloc(0);
        socket.off('error', reject);
        socket.on('error', () => undefined);
        socket.on('close', () => {
          client.peerClosed();
        });
        resolve(client);
        if (rest.length > 0) client.received(rest, at);
      });
    });
  }

  send(text: string): void {
    this.socket.write(clientFrame(OPCODE_TEXT, Buffer.from(text)));
  }

  /** Every text frame received so far, with the arrival of its last byte. */
  frames(): StampedFrame[] {
    const frames: StampedFrame[] = [];
    let carried: Buffer = Buffer.alloc(0);
    for (const { bytes, at } of this.chunks) {
      const buffer = carried.length > 0 ? Buffer.concat([carried, bytes]) : bytes;
      let offset = 0;
      for (let frame = nextFrame(buffer, offset); frame; frame = nextFrame(buffer, offset)) {
        if (frame.opcode === OPCODE_TEXT) frames.push({ text: buffer.toString('utf8', frame.start, frame.end), at });
        offset = frame.end;
      }
      carried = buffer.subarray(offset);
    }
    return frames;
  }

  /** Whether the server closed the connection (a close frame or the TCP socket). */
  get closed(): boolean {
    return this.closedByPeer;
  }

  private peerClosed(): void {
    if (this.closedByPeer) return;
    this.closedByPeer = true;
    this.onClose?.();
  }

  terminate(): void {
    this.onClose = undefined;
    this.socket.destroy();
  }

  /** Keeps the chunk as it is, and walks its frame headers only to answer pings and see a close. */
  private received(chunk: Buffer, at: number): void {
    this.chunks.push({ bytes: chunk, at });
    this.pending = this.pending.length > 0 ? Buffer.concat([this.pending, chunk]) : chunk;
    let offset = 0;
    for (let frame = nextFrame(this.pending, offset); frame; frame = nextFrame(this.pending, offset)) {
      if (frame.opcode === OPCODE_PING) this.socket.write(clientFrame(OPCODE_PONG, this.pending.subarray(frame.start, frame.end)));
      if (frame.opcode === OPCODE_CLOSE) this.peerClosed();
      offset = frame.end;
    }
    this.pending = offset < this.pending.length ? this.pending.subarray(offset) : Buffer.alloc(0);
  }
}
