/**
 * The shared feed keys topics by instrument, as the upstream does: BTCUSD as crypto and BTCUSD as
 * forex are two upstream subscriptions, each browser gets the pushes of the one it asked for, and
 * one leaving does not take the other's away. Against the simulator in process, which keys its
 * own topics by instrument as the upstream does.
 */
import { describe, expect, it } from 'vitest';
import type { RelayPeer } from '../browser-peer.ts';
import { advanceAndPush, realtimeSimulator } from '../../sim/tests/realtime-support.ts';
import { SharedFeed } from './shared-feed.ts';

interface Frame {
  cmd: string;
  code?: number;
  data?: { channel?: string; symbol?: string; symbols?: string[]; type?: string };
}

class Browser implements RelayPeer {
  frames: Frame[] = [];
  send(text: string): void {
    this.frames.push(JSON.parse(text) as Frame);
  }
  close(): void {
    // Not expected here.
  }
  take(): Frame[] {
    return this.frames.splice(0);
  }
}

const pushes = (frames: Frame[]): Frame[] => frames.filter((frame) => frame.cmd === 'ticker');
const acks = (frames: Frame[]): Frame[] => frames.filter((frame) => frame.cmd === 'subscribe');

describe('the shared feed, by instrument', () => {
  it('subscribes BTCUSD as crypto and as forex apart, pushes each browser its own, and lets one go without the other', () => {
    const sim = realtimeSimulator('2026-11-25T15:00:00Z');
    const upstreamSent: string[] = [];
    const feed = new SharedFeed({
      open: (peer) => {
        const session = sim.realtime.open(peer, 'demo-enterprise');
        return {
          receive: (text) => {
            upstreamSent.push(text);
            session.receive(text);
          },
          closed: () => {
            session.closed();
          },
        };
      },
    });
    const [crypto, forex] = [new Browser(), new Browser()];
    feed.attach(crypto);
    feed.attach(forex);

    feed.subscribe(crypto, 'ticker', ['BTCUSD'], 'crypto');
    feed.subscribe(forex, 'ticker', ['BTCUSD'], 'forex');
    const [cryptoFrames, forexFrames] = [crypto.take(), forex.take()];
    expect(acks(cryptoFrames)).toMatchObject([{ code: 0, data: { channel: 'ticker', symbols: ['BTCUSD'] } }]);
    expect(acks(forexFrames)).toMatchObject([{ code: 0, data: { channel: 'ticker', symbols: ['BTCUSD'] } }]);
    expect(pushes(cryptoFrames).map((frame) => frame.data?.type)).toEqual(['crypto']);
    expect(pushes(forexFrames).map((frame) => frame.data?.type)).toEqual(['forex']);
    expect(feed.stats().upstreamSubscriptions.ticker).toBe(2);

    advanceAndPush(sim, '2026-11-25T15:01:30Z');
    expect(pushes(crypto.take()).map((frame) => frame.data?.type)).toEqual(['crypto']);
    expect(pushes(forex.take()).map((frame) => frame.data?.type)).toEqual(['forex']);

    // The crypto browser leaves BTCUSD: only its instrument is unsubscribed upstream.
    feed.unsubscribe(crypto, 'ticker', ['BTCUSD'], 'crypto');
    expect(upstreamSent.map((text) => JSON.parse(text) as { cmd: string; data?: unknown }).filter((command) => command.cmd === 'unsubscribe')).toEqual([
      { cmd: 'unsubscribe', data: { channel: 'ticker', symbols: ['BTCUSD'], type: 'crypto' } },
    ]);
    advanceAndPush(sim, '2026-11-25T15:03:00Z');
    expect(pushes(crypto.take())).toEqual([]);
    expect(pushes(forex.take()).map((frame) => frame.data?.type)).toEqual(['forex']);
    expect(feed.stats().upstreamSubscriptions.ticker).toBe(1);
    feed.close();
  });
});
