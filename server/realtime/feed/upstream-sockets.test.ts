/** The upstream sockets' keepalive: a ping each interval, and a socket that answers nothing between two pings is lost. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RelayPeer } from '../browser-peer.ts';
import type { Link } from './topics.ts';
import { UpstreamSockets } from './upstream-sockets.ts';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** One upstream socket on a scripted upstream: what it was sent, whether it was closed, and its voice. */
function setup(dropSilent: boolean) {
  const sent: string[] = [];
  const closed = { count: 0 };
  const lost: { code: number; reason: string }[] = [];
  let upstream: RelayPeer | undefined;
  const sockets = new UpstreamSockets({
    open: (peer) => {
      upstream = peer;
      return {
        receive: (text) => sent.push(text),
        closed: () => (closed.count += 1),
      };
    },
    frame: () => undefined,
    lost: (_link: Link, code, reason) => {
      lost.push({ code, reason });
    },
    keepaliveMs: 10_000,
    dropSilent,
    backoffBaseMs: 250,
    backoffMaxMs: 15_000,
  });
  sockets.add();
  const speak = (text: string) => upstream?.send(text);
  return { sockets, sent, closed, lost, speak };
}

const PONG = '{"cmd":"pong","code":0,"message":"pong","data":{"timestamp":1}}';

describe('upstream keepalive', () => {
  it('pings every 10 s and keeps a socket that answers', () => {
    const { sent, lost, speak, sockets } = setup(true);
    for (let ping = 1; ping <= 5; ping += 1) {
      vi.advanceTimersByTime(10_000);
      expect(sent.filter((text) => text === '{"cmd":"ping"}')).toHaveLength(ping);
      speak(PONG);
    }
    expect(lost).toEqual([]);
    expect(sockets.count).toBe(1);
  });

  it('a socket silent between two pings (no pong, no push) is lost with 1013 and closed', () => {
    const { closed, lost, speak, sockets } = setup(true);
    vi.advanceTimersByTime(10_000);
    speak('{"cmd":"ticker","data":{"symbol":"AAPL.US","last_price":"1","timestamp":1}}');
    vi.advanceTimersByTime(10_000);
    expect(lost).toEqual([]);
    // Nothing after this ping: lost at the next.
    vi.advanceTimersByTime(9_999);
    expect(lost).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(lost).toEqual([{ code: 1013, reason: 'data source silent' }]);
    expect(closed.count).toBe(1);
    expect(sockets.count).toBe(0);
  });

  it('where the pings do not reach the upstream (an instance on the cluster), silence is no loss', () => {
    const { lost } = setup(false);
    vi.advanceTimersByTime(60_000);
    expect(lost).toEqual([]);
  });
});
