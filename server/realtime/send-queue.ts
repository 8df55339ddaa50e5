/**
 * Frames waiting for one browser whose socket buffer is full. Bounded in count and bytes; a ticker
 * push waiting for an instrument is replaced by the newer one (a browser only needs the latest
 * price), so a slow reader of tickers holds one frame per instrument, not a backlog.
 */
interface Entry {
  text: string;
  bytes: number;
  /** Ticker pushes carry their instrument here; newer ones replace the waiting one. */
  key: string | undefined;
}

export interface SendQueueLimits {
  maxFrames: number;
  maxBytes: number;
}

export const DEFAULT_SEND_QUEUE_LIMITS: SendQueueLimits = { maxFrames: 4_096, maxBytes: 8 * 1024 * 1024 };

export class SendQueue {
  private entries: Entry[] = [];
  private head = 0;
  private readonly byKey = new Map<string, Entry>();
  private bytes = 0;

  constructor(private readonly limits: SendQueueLimits = DEFAULT_SEND_QUEUE_LIMITS) {}

  get size(): number {
    return this.entries.length - this.head;
  }

  /** Queues `text`; false when the queue is full and nothing could be replaced. */
  push(text: string, key?: string): boolean {
    const bytes = Buffer.byteLength(text);
    const waiting = key === undefined ? undefined : this.byKey.get(key);
    if (waiting) {
      this.bytes += bytes - waiting.bytes;
      waiting.text = text;
      waiting.bytes = bytes;
      return true;
    }
    if (this.size + 1 > this.limits.maxFrames || this.bytes + bytes > this.limits.maxBytes) return false;
    const entry: Entry = { text, bytes, key };
    this.entries.push(entry);
    this.bytes += bytes;
    if (key !== undefined) this.byKey.set(key, entry);
    return true;
  }

  /** The oldest frame, removed; undefined when empty. */
  shift(): string | undefined {
    const entry = this.entries[this.head];
    if (!entry) return undefined;
    this.head += 1;
    this.bytes -= entry.bytes;
    if (entry.key !== undefined && this.byKey.get(entry.key) === entry) this.byKey.delete(entry.key);
    if (this.head > 1_024 && this.head * 2 > this.entries.length) {
      this.entries = this.entries.slice(this.head);
      this.head = 0;
    }
    return entry.text;
  }

  clear(): void {
    this.entries = [];
    this.head = 0;
    this.byKey.clear();
    this.bytes = 0;
  }
}
