/**
 * The frames one event-loop turn sends to a browser that reads arrays (it asked with `?batch=1`),
 * sent as one JSON array at the turn's end: a round of pushes (the simulator's second, an upstream
 * chunk) reaches the page as one message, one task of its main thread instead of one per push
 * (a 300-symbol watchlist got 230 frames a second). It costs no latency: the turn is not a timer.
 * A lone frame goes as it is; the AsyncAPI's full-market channels send such arrays too
 * ("arrays of up to 500 messages", tickerBatch), and so many are the most one array carries here.
 */
import { encodeArray, type EncodedPush } from './push-frame.ts';

export const MAX_BATCH_MESSAGES = 500;

/** A message: its text, and its frame where the shared feed encoded it once for every browser. */
interface Message {
  text: string;
  encoded: EncodedPush | undefined;
}

/**
 * The array frames built in one event-loop turn, by the pushes in them. The browsers of a desk
 * mostly watch the same lists and get the same pushes in the same order: each such array is built
 * once for all of them (as a lone push is encoded once), not once a browser.
 */
export class TurnFrames {
  private readonly ids = new WeakMap<EncodedPush, number>();
  private nextId = 0;
  private built = new Map<string, EncodedPush>();

  arrayOf(messages: readonly Message[]): EncodedPush {
    const pushes = messages.map((message) => message.encoded);
    // A reply among them (a subscription's ack) is this browser's own: its array is too.
    if (!pushes.every((push) => push !== undefined)) return encodeArray(messages.map(({ text, encoded }) => encoded?.payload ?? Buffer.from(text)));
    const key = pushes.map((push) => this.idOf(push)).join(',');
    let frame = this.built.get(key);
    if (!frame) {
      frame = encodeArray(pushes.map((push) => push.payload));
      if (this.built.size === 0) {
        setImmediate(() => {
          this.built = new Map();
        });
      }
      this.built.set(key, frame);
    }
    return frame;
  }

  private idOf(push: EncodedPush): number {
    let id = this.ids.get(push);
    if (id === undefined) {
      id = this.nextId++;
      this.ids.set(push, id);
    }
    return id;
  }
}

/** The process's: every browser's batch of a turn looks here first. */
const sharedTurnFrames = new TurnFrames();

export class TurnBatch {
  private messages: Message[] = [];

  /** `write`: a frame, as a text for ws to encode or as encoded bytes. */
  constructor(
    private readonly write: (frame: string | EncodedPush) => void,
    private readonly frames: TurnFrames = sharedTurnFrames,
  ) {}

  add(text: string, encoded?: EncodedPush): void {
    if (this.messages.length === 0) process.nextTick(this.flush);
    this.messages.push({ text, encoded });
    if (this.messages.length >= MAX_BATCH_MESSAGES) this.flush();
  }

  /** Sends what the turn gathered (before a close frame too: a refusal's reply must precede it). */
  readonly flush = (): void => {
    const messages = this.messages;
    const [first] = messages;
    if (!first) return;
    this.messages = [];
    this.write(messages.length === 1 ? (first.encoded ?? first.text) : this.frames.arrayOf(messages));
  };
}
