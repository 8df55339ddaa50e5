import { describe, expect, it } from 'vitest';
import { ClientSlots } from './client-slots.ts';
import { MAX_PENDING_BYTES, MAX_PENDING_FRAMES, PendingFrames } from './pending-frames.ts';

describe('PendingFrames', () => {
  it('holds up to 64 frames and gives them back in order', () => {
    const queue = new PendingFrames();
    for (let i = 0; i < MAX_PENDING_FRAMES; i += 1) expect(queue.push(String(i))).toBe(true);
    expect(queue.push('one too many')).toBe(false);
    expect(queue.drain()).toEqual(Array.from({ length: MAX_PENDING_FRAMES }, (_, i) => String(i)));
    expect(queue.drain()).toEqual([]);
    expect(queue.push('again')).toBe(true);
  });

  it('holds at most 64 KiB, counted in UTF-8 bytes', () => {
    const queue = new PendingFrames();
    expect(queue.push('x'.repeat(MAX_PENDING_BYTES - 2))).toBe(true);
    expect(queue.push('é')).toBe(true);
    expect(queue.push('x')).toBe(false);
  });
});

describe('ClientSlots', () => {
  it('caps concurrent slots per client and frees them on release', () => {
    const slots = new ClientSlots(2);
    expect(slots.take('a')).toBe(true);
    expect(slots.take('a')).toBe(true);
    expect(slots.take('a')).toBe(false);
    expect(slots.take('b')).toBe(true);
    slots.release('a');
    expect(slots.count('a')).toBe(1);
    expect(slots.take('a')).toBe(true);
    slots.release('a');
    slots.release('a');
    slots.release('a');
    expect(slots.count('a')).toBe(0);
  });
});
