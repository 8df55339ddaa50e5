import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deferredRealtime } from './deferred-realtime';
import { fakeClient, tickerPush } from './fake-socket.test-support';
import type { Realtime } from './realtime';

beforeEach(() => {
  vi.useFakeTimers({ now: 1_795_618_800_000 });
});
afterEach(() => {
  vi.useRealTimers();
});

/** A deferred client whose load the test completes (or fails) when it likes. */
function deferred() {
  const fake = fakeClient();
  let arrive: (client: Realtime) => void = () => undefined;
  let fail: (error: Error) => void = () => undefined;
  const load = vi.fn(
    () =>
      new Promise<Realtime>((resolve, reject) => {
        arrive = resolve;
        fail = reject;
      }),
  );
  const realtime = deferredRealtime(load);
  return {
    realtime,
    fake,
    load,
    arrive: () => {
      arrive(fake.client);
    },
    fail: () => {
      fail(new Error('offline'));
    },
  };
}

/** Lets the load's promise settle and the coalescing window (one task) pass. */
async function settle(): Promise<void> {
  await Promise.resolve();
  await Promise.resolve();
  vi.advanceTimersByTime(1);
}

describe('deferredRealtime', () => {
  it('holds subscriptions as connecting until the client comes, then subscribes them there, watchers told', async () => {
    const { realtime, fake, load, arrive } = deferred();
    expect(realtime.status().connection).toBe('idle');
    expect(load).not.toHaveBeenCalled();

    const prices: string[] = [];
    realtime.subscribe('ticker', 'AAPL.US', undefined, (push) => prices.push(push.last_price));
    const watcher = vi.fn();
    realtime.watchState('ticker', 'AAPL.US', undefined, watcher);
    expect(load).toHaveBeenCalledTimes(1);
    expect(realtime.channelState('ticker', 'AAPL.US', undefined)).toBe('connecting');
    expect(realtime.status()).toMatchObject({ connection: 'connecting', channels: { ticker: { state: 'connecting' }, depth: { state: 'unused' } } });
    expect(fake.sockets).toHaveLength(0);

    arrive();
    await settle();
    expect(watcher).toHaveBeenCalled();
    fake.latest().open();
    expect(fake.latest().takeSent()).toEqual([{ cmd: 'subscribe', data: { channel: 'ticker', symbols: ['AAPL.US'] } }]);
    fake.latest().ackAll();
    expect(realtime.channelState('ticker', 'AAPL.US', undefined)).toBe('live');
    fake.latest().receive(tickerPush('AAPL.US', '190.5'));
    expect(prices).toEqual(['190.5']);
  });

  it('never asks the client for a subscription released before it came', async () => {
    const { realtime, fake, arrive } = deferred();
    const release = realtime.subscribe('ticker', 'AAPL.US', undefined);
    realtime.subscribe('trade', 'BTCUSDT', 'crypto');
    release();
    arrive();
    await settle();
    fake.latest().open();
    expect(fake.latest().takeSent()).toEqual([{ cmd: 'subscribe', data: { channel: 'trade', symbols: ['BTCUSDT'], type: 'crypto' } }]);
  });

  it('gives one status object while nothing changes, and tells its watchers when a subscription comes or goes', () => {
    const { realtime } = deferred();
    const watcher = vi.fn();
    realtime.watchStatus(watcher);
    const idle = realtime.status();
    expect(realtime.status()).toBe(idle);
    const release = realtime.subscribe('depth', '700.HK', undefined);
    expect(watcher).toHaveBeenCalledTimes(1);
    const connecting = realtime.status();
    expect(connecting).not.toBe(idle);
    expect(realtime.status()).toBe(connecting);
    release();
    expect(watcher).toHaveBeenCalledTimes(2);
    expect(realtime.status()).toBe(idle);
  });

  it('asks for the client again at the next subscription when loading it failed (offline)', async () => {
    const { realtime, load, fail } = deferred();
    realtime.subscribe('ticker', 'AAPL.US', undefined);
    fail();
    await settle();
    expect(realtime.channelState('ticker', 'AAPL.US', undefined)).toBe('connecting');
    realtime.subscribe('ticker', 'MSFT.US', undefined);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('closes a client that comes after the page let it go', async () => {
    const { realtime, fake, arrive } = deferred();
    realtime.subscribe('ticker', 'AAPL.US', undefined);
    realtime.dispose();
    const dispose = vi.spyOn(fake.client, 'dispose');
    arrive();
    await settle();
    expect(dispose).toHaveBeenCalled();
    expect(fake.sockets).toHaveLength(0);
  });
});
