/**
 * The frames one event-loop turn sends to a browser that reads arrays (it asked with `?batch=1`),
 * sent as one JSON array at the turn's end: a round of pushes (the simulator's second, an upstream
 * chunk) reaches the page as one message, one task of its main thread instead of one per push
 * (a 300-symbol watchlist got 230 frames a second). It costs no latency: the turn is not a timer.
 * A lone frame goes as it is; the AsyncAPI's full-market channels send such arrays too
 * ("arrays of up to 500 messages", tickerBatch), and so many are the most one array carries here.
 */
export const MAX_BATCH_MESSAGES = 500;

const OPEN = 0x5b; // [
const COMMA = 0x2c;
const CLOSE = 0x5d; // ]

/** A message: its text, and its UTF-8 bytes where the shared feed encoded them once for every browser. */
interface Message {
  text: string;
  payload: Buffer | undefined;
}

/** The messages as one JSON array's UTF-8 bytes: copied, never encoded again (a fan-out to 300 browsers does this 300 times). */
function arrayPayload(messages: readonly Message[]): Buffer {
  const parts = messages.map(({ text, payload }) => payload ?? Buffer.from(text));
  let length = parts.length + 1;
  for (const part of parts) length += part.length;
  const bytes = Buffer.allocUnsafe(length);
  let at = 0;
  parts.forEach((part, index) => {
    bytes[at++] = index === 0 ? OPEN : COMMA;
    at += part.copy(bytes, at);
  });
  bytes[at] = CLOSE;
  return bytes;
}

export class TurnBatch {
  private messages: Message[] = [];

  /** `write`: a text frame, as a string or as its UTF-8 bytes. */
  constructor(private readonly write: (frame: string | Buffer) => void) {}

  add(text: string, payload?: Buffer): void {
    if (this.messages.length === 0) process.nextTick(this.flush);
    this.messages.push({ text, payload });
    if (this.messages.length >= MAX_BATCH_MESSAGES) this.flush();
  }

  /** Sends what the turn gathered (before a close frame too: a refusal's reply must precede it). */
  readonly flush = (): void => {
    const messages = this.messages;
    const [first] = messages;
    if (!first) return;
    this.messages = [];
    this.write(messages.length === 1 ? (first.payload ?? first.text) : arrayPayload(messages));
  };
}
