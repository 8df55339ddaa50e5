/**
 * A least-recently-used map bounded by the bytes of its values (Map insertion order is the
 * recency order). A value larger than the whole bound is not kept.
 */
export class ByteLru<V> {
  private readonly entries = new Map<string, { value: V; bytes: number }>();
  private total = 0;

  constructor(
    private readonly maxBytes: number,
    private readonly onEvict: (key: string) => void = () => undefined,
  ) {}

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  /** Stores `value` as the most recent entry; false when it alone exceeds the bound. */
  set(key: string, value: V, bytes: number): boolean {
    this.delete(key);
    if (bytes > this.maxBytes) return false;
    this.entries.set(key, { value, bytes });
    this.total += bytes;
    for (const [oldest] of this.entries) {
      if (this.total <= this.maxBytes) break;
      this.delete(oldest);
      this.onEvict(oldest);
    }
    return true;
  }

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (entry === undefined) return;
    this.entries.delete(key);
    this.total -= entry.bytes;
  }

  clear(): void {
    this.entries.clear();
    this.total = 0;
  }

  get size(): number {
    return this.entries.size;
  }

  get bytes(): number {
    return this.total;
  }

  keys(): string[] {
    return [...this.entries.keys()];
  }
}
