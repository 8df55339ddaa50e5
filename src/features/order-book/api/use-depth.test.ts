// @vitest-environment happy-dom
// The HTTP order book: polled every 2 s unless the realtime channel is live; no storm on 2001.
import { act, renderHook, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../../api/api-error';
import { simFetch, startSimulator, type SimHandle } from '../../../api/sim-fetch.test-support';
import { liveOrPollOptions } from '../../../queries/live-or-poll';
import { ERROR_REFETCH_MS } from '../../../queries/query-client';
import { testServices, wrapperFor } from '../../../queries/query-test-support';
import { fakeClient } from '../../../realtime/fake-socket.test-support';
import { DEPTH_POLL_MS, depthQueryOptions } from './use-depth';
import { useOrderBook } from './use-order-book';

let sim: SimHandle;
let calls: string[];

beforeAll(() => {
  sim = startSimulator('2026-11-25T15:00:00Z');
});

/** Services over the simulator, with a realtime client whose socket the test drives. */
function connect() {
  const stub = simFetch(sim);
  calls = stub.calls;
  const fake = fakeClient();
  const services = testServices({ fetch: stub.fetch, realtime: fake.client });
  return { wrapper: wrapperFor(services), socket: fake.latest, client: fake.client };
}

const depthCalls = () => calls.filter((path) => path.startsWith('/v1/market/depth?'));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('depthQueryOptions: the live/HTTP switch', () => {
  const { feed } = testServices();

  it('while live: disabled and no refetch interval', () => {
    const options = liveOrPollOptions(depthQueryOptions(feed, 'AAPL.US', undefined), true, 'off');
    expect(options.enabled).toBe(false);
    expect(options.refetchInterval).toBe(false);
  });

  it('otherwise: enabled, polling every 2 s, keyed by symbol and type', () => {
    const options = depthQueryOptions(feed, 'BTCUSDT', 'crypto');
    expect(options.enabled).toBe(true);
    expect(typeof options.refetchInterval).toBe('function');
    expect(options.queryKey).toEqual(['api', 'depth', { kind: 'live' }, 'BTCUSDT', 'crypto']);
    expect(depthQueryOptions(feed, ' ', undefined).enabled).toBe(false);
  });

  it('polls every 2 s; 10 s after a transient failure; never after 2001 or 1004', () => {
    const interval = depthQueryOptions(feed, 'AAPL.US', undefined).refetchInterval as (query: { state: { status: string; error: unknown } }) => number | false;
    expect(interval({ state: { status: 'success', error: null } })).toBe(DEPTH_POLL_MS);
    expect(interval({ state: { status: 'pending', error: null } })).toBe(DEPTH_POLL_MS);
    const apiError = (rawCode: number) => new ApiError({ kind: 'api', rawCode, message: 'x', path: '/v1/market/depth', status: 400 });
    expect(interval({ state: { status: 'error', error: apiError(5001) } })).toBe(ERROR_REFETCH_MS);
    expect(interval({ state: { status: 'error', error: apiError(2001) } })).toBe(false);
    expect(interval({ state: { status: 'error', error: apiError(1004) } })).toBe(false);
  });
});

describe('useOrderBook on the simulator', () => {
  it('polls while the depth channel is not live, stops once it is, and polls again at once when it goes', async () => {
    const { wrapper, socket } = connect();
    const { result } = renderHook(() => useOrderBook('AAPL.US', undefined), { wrapper });
    await waitFor(() => {
      expect(result.current.book?.bids).toHaveLength(10);
    });
    await waitFor(
      () => {
        expect(depthCalls().length).toBeGreaterThanOrEqual(2);
      },
      { timeout: DEPTH_POLL_MS * 2 },
    );
    act(() => {
      socket().open();
      socket().ackAll();
    });
    expect(result.current.state).toBe('live');
    const count = depthCalls().length;
    await sleep(DEPTH_POLL_MS + 700);
    expect(depthCalls()).toHaveLength(count);
    // The last HTTP book stays until a push replaces it.
    expect(result.current.book?.bids).toHaveLength(10);
    act(() => {
      socket().receive({ cmd: 'depth', data: { symbol: 'AAPL.US', bids: [['1', '2']], asks: [['3', '4']], timestamp: Date.now() } });
    });
    await waitFor(() => {
      expect(result.current.book?.bids).toEqual([['1', '2']]);
    });

    act(() => {
      socket().serverClose(1012);
    });
    await waitFor(() => {
      expect(depthCalls()).toHaveLength(count + 1);
    });
  });

  it('live from the start: no request at all', async () => {
    const { wrapper, socket, client } = connect();
    client.subscribe('depth', '700.HK', undefined);
    socket().open();
    socket().ackAll();
    renderHook(() => useOrderBook('700.HK', undefined), { wrapper });
    await sleep(300);
    expect(depthCalls()).toEqual([]);
  });

  it('a refused channel polls and says why, from the refusal of this very symbol', async () => {
    const { wrapper, socket } = connect();
    const { result } = renderHook(() => useOrderBook('AAPL.US', undefined), { wrapper });
    act(() => {
      socket().open();
      socket().receive({
        cmd: 'subscribe',
        code: 4003,
        message: 'Depth subscriptions temporarily unavailable',
        data: { channel: 'depth', symbols: ['AAPL.US'] },
      });
    });
    expect(result.current.state).toBe('refused');
    expect(result.current.refusal).toEqual({ code: 4003, message: 'Depth subscriptions temporarily unavailable' });
    await waitFor(() => {
      expect(result.current.book?.bids).toHaveLength(10);
    });
  });

  it('a market without a book answers 2001 once and is not asked again', async () => {
    const { wrapper } = connect();
    const { result } = renderHook(() => useOrderBook('EURUSD', undefined), { wrapper });
    await waitFor(() => {
      expect(result.current.query.error).toMatchObject({ code: 2001 });
    });
    await sleep(DEPTH_POLL_MS + 700);
    expect(depthCalls()).toEqual(['/v1/market/depth?symbol=EURUSD']);
  });
});
