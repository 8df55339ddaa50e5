/** Browser frames held while the upstream handshake is under way, bounded in count and bytes. */
export const MAX_PENDING_FRAMES = 64;
export const MAX_PENDING_BYTES = 64 * 1024;

export class PendingFrames {
  private frames: string[] = [];
  private bytes = 0;

  constructor(
    private readonly maxFrames = MAX_PENDING_FRAMES,
    private readonly maxBytes = MAX_PENDING_BYTES,
  ) {}

  /** Holds `text`; false (and nothing held) when it would pass either bound. */
  push(text: string): boolean {
    const size = Buffer.byteLength(text);
    if (this.frames.length + 1 > this.maxFrames || this.bytes + size > this.maxBytes) return false;
    this.frames.push(text);
    this.bytes += size;
    return true;
  }

  /** Every held frame in arrival order; the queue is empty afterwards. */
  drain(): string[] {
    const frames = this.frames;
    this.frames = [];
    this.bytes = 0;
    return frames;
  }
}
