/**
 * A push encoded once for every browser that gets it: its UTF-8 payload, and the whole WebSocket
 * text frame a server sends (RFC 6455 §5.2: FIN, opcode 1, unmasked, the payload length in 7, 16
 * or 64 bits), which the fan-out writes to each browser's TCP socket as it is. ws would frame the
 * same payload again for every browser: a header allocated and two writes per send.
 */
export interface EncodedPush {
  payload: Buffer;
  frame: Buffer;
}

const FIN_TEXT = 0x81;

export function encodePush(text: string): EncodedPush {
  const payload = Buffer.from(text);
  return { payload, frame: textFrame(payload) };
}

/** The whole server-to-browser text frame of a UTF-8 payload. */
export function textFrame(payload: Buffer): Buffer {
  const length = payload.length;
  const header = length < 126 ? 2 : length < 65_536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(header + length);
  frame[0] = FIN_TEXT;
  if (header === 2) {
    frame[1] = length;
  } else if (header === 4) {
    frame[1] = 126;
    frame.writeUInt16BE(length, 2);
  } else {
    frame[1] = 127;
    frame.writeBigUInt64BE(BigInt(length), 2);
  }
  payload.copy(frame, header);
  return frame;
}
