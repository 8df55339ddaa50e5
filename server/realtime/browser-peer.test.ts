import { describe, expect, it, vi } from 'vitest';
import { browserPeer, SLOW_CONSUMER_CLOSE_GRACE_MS, type BrowserSocket } from './browser-peer.ts';
import { encodePush } from './push-frame.ts';
import { RealtimeStatsRegistry } from './stats.ts';

class StubSocket implements BrowserSocket {
  readyState = 1;
  bufferedAmount = 0;
  sent: string[] = [];
  closes: [number, string][] = [];
  /** Bytes each send adds to the buffer (a consumer that never reads). */
  constructor(public growth = 0) {}
  send(data: string | Buffer): void {
    this.sent.push(data.toString());
    this.bufferedAmount += this.growth;
  }
  close(code: number, reason: string): void {
    this.closes.push([code, reason]);
    this.readyState = 2;
  }
  terminate(): void {
    this.readyState = 3;
  }
}

describe('browserPeer', () => {
  it('sends while open, counts acks, and stops after close', () => {
    const stats = new RealtimeStatsRegistry();
    const socket = new StubSocket();
    const peer = browserPeer(socket, stats.connect());
    peer.send('{"cmd":"subscribe","code":0,"message":"success","data":{"channel":"ticker","symbols":["AAPL.US"]}}');
    expect(stats.subscriptions().ticker).toBe(1);
    peer.close(1012, 'service restart');
    peer.send('late');
    peer.close(1000, 'again');
    expect(socket.sent).toHaveLength(1);
    expect(socket.closes).toEqual([[1012, 'service restart']]);
  });

  it("writes pushes as whole frames to the browser's TCP socket, one turn's together, in order with replies", async () => {
    const socket = new StubSocket();
    const events: string[] = [];
    const transport = {
      cork: () => events.push('cork'),
      uncork: () => events.push('uncork'),
      write: (frame: Buffer) => events.push(`frame ${frame.subarray(2).toString()}`) > 0,
    };
    const peer = browserPeer(socket, new RealtimeStatsRegistry().connect(), { transport });
    const push = (text: string): void => {
      peer.send(text, undefined, encodePush(text));
    };
    push('p1');
    push('p2');
    expect(events).toEqual(['cork', 'frame p1', 'frame p2']);
    await new Promise<void>((resolve) => {
      process.nextTick(resolve);
    });
    expect(events.at(-1)).toBe('uncork');
    push('p3');
    await new Promise<void>((resolve) => {
      process.nextTick(resolve);
    });
    expect(events.slice(3)).toEqual(['uncork', 'cork', 'frame p3', 'uncork']);
    // Replies go through ws (the ledger reads them), not the pre-framed path.
    peer.send('reply');
    expect(socket.sent).toEqual(['reply']);
  });

  it('sends a browser that reads arrays the frames of one turn as one array, a lone frame as it is, and what a turn held before its close', async () => {
    const socket = new StubSocket();
    // Frames written beside ws land in the same list, as their payloads (a header of 2 or 4 bytes here).
    const transport = {
      cork: () => undefined,
      uncork: () => undefined,
      write: (frame: Buffer) => socket.sent.push(frame.subarray(((frame[1] ?? 0) & 0x7f) < 126 ? 2 : 4).toString()) > 0,
    };
    const peer = browserPeer(socket, new RealtimeStatsRegistry().connect(), { transport, batchFrames: true });
    const nextTurn = () =>
      new Promise<void>((resolve) => {
        setImmediate(resolve);
      });
    const ticker = (price: number): string => JSON.stringify({ cmd: 'ticker', data: { symbol: 'AAPL.US', last_price: String(price) } });
    peer.send('{"cmd":"subscribe","code":0,"message":"success","data":{}}');
    peer.send(ticker(1), 'AAPL.US', encodePush(ticker(1)));
    peer.send(ticker(2), 'AAPL.US', encodePush(ticker(2)));
    expect(socket.sent).toEqual([]);
    await nextTurn();
    expect(socket.sent).toHaveLength(1);
    expect(JSON.parse(socket.sent[0] ?? '')).toEqual([
      { cmd: 'subscribe', code: 0, message: 'success', data: {} },
      JSON.parse(ticker(1)),
      JSON.parse(ticker(2)),
    ]);
    peer.send(ticker(3), 'AAPL.US', encodePush(ticker(3)));
    await nextTurn();
    expect(socket.sent[1]).toBe(ticker(3));
    // A refusal's reply, then the close: the reply goes first.
    peer.send('{"cmd":"connect","code":3003,"message":"too many"}');
    peer.close(1008, 'too many');
    expect(socket.sent[2]).toBe('{"cmd":"connect","code":3003,"message":"too many"}');
    expect(socket.closes).toEqual([[1008, 'too many']]);
  });

  it('sends the encoded payload through ws when it has no TCP socket to write to', () => {
    const socket = new StubSocket();
    const peer = browserPeer(socket, new RealtimeStatsRegistry().connect());
    peer.send('p1', undefined, encodePush('p1'));
    expect(socket.sent).toEqual(['p1']);
  });

  it('queues past the high-water mark, coalesces waiting tickers per instrument, and drains in order', () => {
    vi.useFakeTimers();
    try {
      const socket = new StubSocket(2048);
      const peer = browserPeer(socket, new RealtimeStatsRegistry().connect(), { highWaterBytes: 1024 });
      peer.send('a');
      peer.send('b'); // over the mark: waits
      peer.send('t1', 'ticker|AAPL.US');
      peer.send('c');
      peer.send('t2', 'ticker|AAPL.US'); // replaces t1 where it waits
      expect(socket.sent).toEqual(['a']);
      socket.bufferedAmount = 0;
      socket.growth = 0;
      vi.advanceTimersByTime(50);
      expect(socket.sent).toEqual(['a', 'b', 't2', 'c']);
      expect(socket.closes).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('closes a browser 1013 when its queue overflows, then cuts it', () => {
    vi.useFakeTimers();
    try {
      const socket = new StubSocket(1024 * 1024);
      const peer = browserPeer(socket, new RealtimeStatsRegistry().connect(), { queue: { maxFrames: 3, maxBytes: 1024 } });
      for (let i = 0; i < 10; i += 1) peer.send(`{"cmd":"trade","data":{"i":${i}}}`);
      expect(socket.sent).toHaveLength(5);
      expect(socket.closes).toEqual([[1013, 'client too slow']]);
      vi.advanceTimersByTime(SLOW_CONSUMER_CLOSE_GRACE_MS);
      expect(socket.readyState).toBe(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it('closes a browser 1013 whose queue does not move for stuckMs, even of coalesced tickers', () => {
    vi.useFakeTimers();
    try {
      const socket = new StubSocket(1024 * 1024);
      const peer = browserPeer(socket, new RealtimeStatsRegistry().connect(), { highWaterBytes: 1024, stuckMs: 1_000 });
      peer.send('first');
      for (let i = 0; i < 100; i += 1) peer.send(`{"cmd":"ticker","i":${i}}`, 'ticker|AAPL.US');
      vi.advanceTimersByTime(900);
      expect(socket.closes).toEqual([]);
      vi.advanceTimersByTime(200);
      expect(socket.closes).toEqual([[1013, 'client too slow']]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('cuts reasons to what a close frame holds', () => {
    const socket = new StubSocket();
    browserPeer(socket, new RealtimeStatsRegistry().connect()).close(1011, 'r'.repeat(300));
    expect(socket.closes[0]?.[1]).toHaveLength(123);
  });
});
