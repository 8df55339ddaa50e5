// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeClient } from '../realtime/fake-socket.test-support';
import { testServices, wrapperFor } from './query-test-support';
import { useTicker } from './use-ticker';

const BOUNDARY = 1_795_618_800_000; // a multiple of 3 s

function tickerFetch() {
  return vi.fn((input: string) => {
    const url = new URL(input, 'http://chartroom.test');
    const symbols = (url.searchParams.get('symbols') ?? '').split(',');
    const data = symbols.map((symbol) => ({ symbol, last_price: '1.5', timestamp: Date.now() }));
    return Promise.resolve(new Response(JSON.stringify({ code: 0, message: 'success', data }), { status: 200 }));
  });
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('useTicker polling', () => {
  it('tickers mounted at different moments refresh together on wall-clock multiples of 3 s, in one request', async () => {
    vi.useFakeTimers({ now: BOUNDARY + 400 });
    const fetchMock = tickerFetch();
    vi.stubGlobal('fetch', fetchMock);
    const wrapper = wrapperFor(testServices());

    const a = renderHook(() => useTicker('AAPL.US'), { wrapper });
    await act(() => vi.advanceTimersByTimeAsync(1_300));
    const b = renderHook(() => useTicker('700.HK'), { wrapper });
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(a.result.current.data?.symbol).toBe('AAPL.US');
    expect(b.result.current.data?.symbol).toBe('700.HK');
    expect(fetchMock).toHaveBeenCalledTimes(2);

    // Up to the next boundary (BOUNDARY + 3 s) and the batch window after it.
    await act(() => vi.advanceTimersByTimeAsync(BOUNDARY + 3_000 - Date.now() + 20));
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(fetchMock.mock.calls[2]?.[0]).toBe('/v1/market/ticker?symbols=AAPL.US%2C700.HK');

    await act(() => vi.advanceTimersByTimeAsync(3_000));
    expect(fetchMock).toHaveBeenCalledTimes(4);
    a.unmount();
    b.unmount();
  });
});

describe('useTicker of a symbol the service does not know', () => {
  it('asks once and stops: a 2002 will not change by polling every 3 s', async () => {
    vi.useFakeTimers({ now: BOUNDARY + 400 });
    const fetchMock = vi.fn(() => Promise.resolve(new Response(JSON.stringify({ code: 2002, message: 'Symbol not found: NOPE.US' }), { status: 404 })));
    vi.stubGlobal('fetch', fetchMock);
    const { result, unmount } = renderHook(() => useTicker('NOPE.US').error, { wrapper: wrapperFor(testServices()) });
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(result.current).toMatchObject({ code: 2002 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    unmount();
  });
});

describe('useTicker over the realtime socket', () => {
  it('fetches once while the ticker channel is live, shows pushes, and polls again at once when the socket goes', async () => {
    vi.useFakeTimers({ now: BOUNDARY + 400 });
    const fetchMock = tickerFetch();
    vi.stubGlobal('fetch', fetchMock);
    const { client, latest } = fakeClient();
    const { result, unmount } = renderHook(() => useTicker('AAPL.US'), { wrapper: wrapperFor(testServices({ realtime: client })) });
    await act(async () => {
      // A server answers pings: 9 s without them would be a silent socket (polled).
      latest().autoPong = true;
      latest().open();
      latest().ackAll();
      await vi.advanceTimersByTimeAsync(50);
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(result.current.data?.last_price).toBe('1.5');

    await act(() => vi.advanceTimersByTimeAsync(9_000));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await act(async () => {
      latest().receive({ cmd: 'ticker', data: { symbol: 'AAPL.US', last_price: '2.25', timestamp: Date.now() } });
      await vi.advanceTimersByTimeAsync(20);
    });
    expect(result.current.data?.last_price).toBe('2.25');

    await act(async () => {
      latest().serverClose(1012);
      await vi.advanceTimersByTimeAsync(20);
    });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    unmount();
    client.dispose();
  });
});
