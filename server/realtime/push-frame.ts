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
const ARRAY_OPEN = 0x5b; // [
const ARRAY_COMMA = 0x2c;
const ARRAY_CLOSE = 0x5d; // ]

/** A text frame's bytes with its header written, and where its payload of `length` bytes goes. */
function allocTextFrame(length: number): { frame: Buffer; offset: number } {
  const offset = length < 126 ? 2 : length < 65_536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(offset + length);
  frame[0] = FIN_TEXT;
  if (offset === 2) {
    frame[1] = length;
  } else if (offset === 4) {
    frame[1] = 126;
    frame.writeUInt16BE(length, 2);
  } else {
    frame[1] = 127;
    frame.writeBigUInt64BE(BigInt(length), 2);
  }
  return { frame, offset };
}

export function encodePush(text: string): EncodedPush {
  const payload = Buffer.from(text);
  const { frame, offset } = allocTextFrame(payload.length);
  payload.copy(frame, offset);
  return { payload: frame.subarray(offset), frame };
}

/** Messages' UTF-8 bytes as the frame of one JSON array: copied once into it, never encoded again. */
export function encodeArray(messages: readonly Buffer[]): EncodedPush {
  let length = messages.length + 1;
  for (const message of messages) length += message.length;
  const { frame, offset } = allocTextFrame(length);
  let at = offset;
  messages.forEach((message, index) => {
    frame[at++] = index === 0 ? ARRAY_OPEN : ARRAY_COMMA;
    at += message.copy(frame, at);
  });
  frame[at] = ARRAY_CLOSE;
  return { payload: frame.subarray(offset), frame };
}
