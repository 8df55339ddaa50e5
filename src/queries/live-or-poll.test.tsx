// @vitest-environment happy-dom
// The one live-or-poll helper: the query polls unless the channel is live, then fetches its snapshot
// once (or nothing), and polls again at once when the channel goes; the merge makes one value.
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TradePush } from '../realtime/types';
import { fakeClient } from '../realtime/fake-socket.test-support';
import { liveOrPollOptions, useLiveOrPoll, type WhileLive } from './live-or-poll';
import { ERROR_REFETCH_MS, pollEvery } from './query-client';
import { intervalAfter, testServices, wrapperFor } from './query-test-support';

const POLL_MS = 1_000;

afterEach(() => {
  vi.useRealTimers();
});

function polledOptions(fetched: () => void) {
  return {
    queryKey: ['api', 'tape', 'AAPL.US'] as const,
    queryFn: () => {
      fetched();
      return Promise.resolve({ snapshot: 'http' });
    },
    staleTime: POLL_MS,
    refetchInterval: pollEvery(POLL_MS),
  };
}

/** The snapshot, and how many trades were pushed since subscribing. */
const merge = (snapshot: { snapshot: string } | undefined, pushed: readonly TradePush[], live: boolean) =>
  `${snapshot?.snapshot ?? 'none'} + ${String(pushed.length)} pushed${live ? ' (live)' : ''}`;

function setup(whileLive: WhileLive) {
  vi.useFakeTimers();
  const fetches = { count: 0 };
  const fake = fakeClient();
  const options = polledOptions(() => (fetches.count += 1));
  const hook = renderHook(() => useLiveOrPoll({ channel: 'trade', symbol: 'AAPL.US', type: undefined, query: options, whileLive, merge }), {
    wrapper: wrapperFor(testServices({ realtime: fake.client })),
  });
  const goLive = () => {
    act(() => {
      fake.latest().open();
      fake.latest().ackAll();
    });
  };
  return { fetches, hook, socket: fake.latest, goLive, client: fake.client };
}

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe('liveOrPollOptions', () => {
  const options = polledOptions(() => undefined);

  it('as given while not live', () => {
    expect(liveOrPollOptions(options, false, 'snapshot')).toBe(options);
  });

  it("'snapshot' while live: fresh for ever, asked again only after a failure, not on focus or reconnect, same key", () => {
    const live = liveOrPollOptions(options, true, 'snapshot');
    expect(live).toMatchObject({ staleTime: Infinity, refetchOnWindowFocus: false, refetchOnReconnect: false, queryKey: options.queryKey });
    expect(intervalAfter(live.refetchInterval, 'success')).toBe(false);
    expect(intervalAfter(live.refetchInterval, 'error')).toBe(ERROR_REFETCH_MS);
  });

  it("'off' while live: no request at all", () => {
    expect(liveOrPollOptions(options, true, 'off')).toMatchObject({ enabled: false, refetchInterval: false });
  });
});

describe('useLiveOrPoll', () => {
  it("'snapshot': polls until live, then the one snapshot under the pushes; polls again at once when the socket goes", async () => {
    const { fetches, hook, socket, goLive, client } = setup('snapshot');
    await advance(2_050);
    expect(fetches.count).toBe(3);
    expect(hook.result.current.data).toBe('http + 0 pushed');
    goLive();
    expect(hook.result.current.state).toBe('live');
    act(() => {
      socket().receive({ cmd: 'trade', data: { symbol: 'AAPL.US', trades: [{ id: 't1', price: '1', quantity: '1', side: 'buy', timestamp: 1 }] } });
    });
    await advance(5_000);
    expect(fetches.count).toBe(3);
    expect(hook.result.current.data).toBe('http + 1 pushed (live)');

    act(() => {
      socket().serverClose(1012);
    });
    await advance(10);
    expect(hook.result.current.state).toBe('down');
    expect(fetches.count).toBe(4);
    await advance(POLL_MS);
    expect(fetches.count).toBe(5);
    hook.unmount();
    client.dispose();
  });

  it("'off': no request while live; the refusal of the symbol comes with its state", async () => {
    const { fetches, hook, socket, client } = setup('off');
    act(() => {
      socket().open();
      socket().ackAll();
    });
    await advance(10);
    const before = fetches.count;
    await advance(5_000);
    expect(fetches.count).toBe(before);
    act(() => {
      socket().receive({
        cmd: 'subscribe',
        code: 4004,
        message: 'Trade subscriptions temporarily unavailable',
        data: { channel: 'trade', symbols: ['AAPL.US'] },
      });
    });
    expect(hook.result.current.state).toBe('refused');
    expect(hook.result.current.refusal).toEqual({ code: 4004, message: 'Trade subscriptions temporarily unavailable' });
    await advance(10);
    expect(fetches.count).toBe(before + 1);
    hook.unmount();
    client.dispose();
  });
});
