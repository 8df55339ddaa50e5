import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createBufferedLog } from './buffered-log.ts';

describe('createBufferedLog', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('writes the lines of a busy moment together, in order, after the delay', () => {
    const writes: string[] = [];
    const log = createBufferedLog((text) => writes.push(text), { maxDelayMs: 50 });
    log.write('GET /v1/market/ticker 200 1ms');
    log.write('GET /v1/market/depth 200 2ms');
    expect(writes).toEqual([]);
    vi.advanceTimersByTime(49);
    expect(writes).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(writes).toEqual(['GET /v1/market/ticker 200 1ms\nGET /v1/market/depth 200 2ms\n']);
    vi.advanceTimersByTime(1_000);
    expect(writes).toHaveLength(1);
  });

  it('writes at once when the queued text outgrows its bound', () => {
    const writes: string[] = [];
    const log = createBufferedLog((text) => writes.push(text), { maxBufferedChars: 10 });
    log.write('12345');
    expect(writes).toEqual([]);
    log.write('67890');
    expect(writes).toEqual(['12345\n67890\n']);
    vi.runAllTimers();
    expect(writes).toHaveLength(1);
  });

  it('flush writes everything queued now, and nothing when the queue is empty', () => {
    const writes: string[] = [];
    const log = createBufferedLog((text) => writes.push(text));
    log.flush();
    expect(writes).toEqual([]);
    log.write('closing');
    log.flush();
    expect(writes).toEqual(['closing\n']);
    vi.runAllTimers();
    expect(writes).toEqual(['closing\n']);
  });
});
