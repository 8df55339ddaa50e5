/**
 * Per-(channel, type, symbol) slots holding what React reads from pushes (the latest ticker or
 * book, the recent trades). A slot lives while some component reads it; its readers are notified
 * once per animation frame at most, and only the readers of the slots that changed.
 */
import type { ProductType } from '#shared/contract.ts';
import { normalizeSymbol } from '#shared/symbols.ts';
import { createEmitter, type Emitter } from '../lib/observable';
import type { LiveChannels } from './live-feeds';
import type { PushOf, RealtimeChannel } from './types';

interface Slot<V> {
  value: V;
  /** Emits once per frame at most, when the value changed. */
  readers: Emitter;
  release: () => void;
  dropTimer: ReturnType<typeof setTimeout> | undefined;
}

export type FrameScheduler = (callback: () => void) => void;

export const nextFrame: FrameScheduler = (callback) => {
  if (typeof requestAnimationFrame === 'function' && typeof document !== 'undefined' && document.visibilityState === 'visible') {
    requestAnimationFrame(callback);
  } else {
    setTimeout(callback, 16);
  }
};

export class LiveSlots<C extends RealtimeChannel, V> {
  private readonly slots = new Map<string, Slot<V>>();
  private readonly dirty = new Set<Slot<V>>();
  private frameRequested = false;

  constructor(
    private readonly client: Pick<LiveChannels, 'subscribe'>,
    private readonly channel: C,
    private readonly empty: V,
    private readonly reduce: (value: V, push: PushOf<C>) => V,
    private readonly schedule: FrameScheduler = nextFrame,
  ) {}

  read(symbol: string | undefined, type: ProductType | undefined): V {
    if (symbol === undefined) return this.empty;
    return this.slots.get(this.keyOf(symbol, type))?.value ?? this.empty;
  }

  /** useSyncExternalStore's subscribe: holds the slot (and its subscription) while read. */
  watch(symbol: string | undefined, type: ProductType | undefined, reader: () => void): () => void {
    if (symbol === undefined) return () => undefined;
    const key = this.keyOf(symbol, type);
    let slot = this.slots.get(key);
    if (!slot) {
      const created: Slot<V> = { value: this.empty, readers: createEmitter(), release: () => undefined, dropTimer: undefined };
      created.release = this.client.subscribe(this.channel, symbol, type, (push) => {
        created.value = this.reduce(created.value, push);
        this.markDirty(created);
      });
      this.slots.set(key, created);
      slot = created;
    }
    const held = slot;
    clearTimeout(held.dropTimer);
    held.dropTimer = undefined;
    const stopReading = held.readers.subscribe(reader);
    return () => {
      stopReading();
      if (held.readers.size > 0) return;
      // Kept to the end of the task: a remount (list switch, StrictMode) keeps the last value.
      held.dropTimer = setTimeout(() => {
        if (held.readers.size > 0 || this.slots.get(key) !== held) return;
        this.slots.delete(key);
        this.dirty.delete(held);
        held.release();
      }, 0);
    };
  }

  private keyOf(symbol: string, type: ProductType | undefined): string {
    return `${type ?? ''}|${normalizeSymbol(symbol)}`;
  }

  private markDirty(slot: Slot<V>): void {
    this.dirty.add(slot);
    if (this.frameRequested) return;
    this.frameRequested = true;
    this.schedule(() => {
      this.frameRequested = false;
      const changed = [...this.dirty];
      this.dirty.clear();
      for (const each of changed) each.readers.emit();
    });
  }
}
