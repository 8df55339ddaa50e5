// @vitest-environment happy-dom
import { act, cleanup, render, renderHook, screen, waitFor, type RenderOptions } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TestServices } from '../queries/query-test-support';
import { fakeClient, tickerPush, type FakeSocket } from './fake-socket.test-support';
import { useLiveChannel, useLiveFeed, useLiveTicker, useRealtimeStatus } from './hooks';
import type { RealtimeClient } from './realtime-client';

let socket: () => FakeSocket;
let client: RealtimeClient;
/** Each test's tree on a realtime client of its own. */
let options: RenderOptions;

beforeEach(() => {
  const fake = fakeClient();
  client = fake.client;
  socket = fake.latest;
  const wrapper = ({ children }: { children: ReactNode }) => <TestServices realtime={client}>{children}</TestServices>;
  options = { wrapper };
});
afterEach(() => {
  cleanup();
  client.dispose();
});

const renders = new Map<string, number>();

function TickerReader({ symbol }: { symbol: string }) {
  renders.set(symbol, (renders.get(symbol) ?? 0) + 1);
  const { ticker, state } = useLiveTicker(symbol);
  return (
    <p data-testid={symbol}>
      {state} {ticker?.last_price ?? '—'}
    </p>
  );
}

describe('React hooks', () => {
  it('useLiveTicker: a push re-renders only the component reading that symbol', async () => {
    renders.clear();
    render(
      <>
        <TickerReader symbol="AAPL.US" />
        <TickerReader symbol="MSFT.US" />
      </>,
      options,
    );
    act(() => {
      socket().open();
      socket().ackAll();
    });
    await waitFor(() => {
      expect(screen.getByTestId('AAPL.US').textContent).toBe('live —');
    });
    expect(screen.getByTestId('MSFT.US').textContent).toBe('live —');
    const before = { aapl: renders.get('AAPL.US') ?? 0, msft: renders.get('MSFT.US') ?? 0 };

    act(() => {
      socket().receive(tickerPush('AAPL.US', '201.5'));
      socket().receive(tickerPush('AAPL.US', '201.75'));
    });
    await waitFor(() => {
      expect(screen.getByTestId('AAPL.US').textContent).toBe('live 201.75');
    });
    // Two pushes in one frame: one render, and none for the other symbol.
    expect(renders.get('AAPL.US')).toBe(before.aapl + 1);
    expect(renders.get('MSFT.US')).toBe(before.msft);
  });

  it('useLiveChannel follows the subscription state and holds it only while mounted', async () => {
    const { result, unmount } = renderHook(() => useLiveChannel('depth', 'BTCUSDT', 'crypto'), options);
    expect(result.current).toBe('connecting');
    act(() => {
      socket().open();
    });
    expect(socket().takeSent()).toEqual([{ cmd: 'subscribe', data: { channel: 'depth', symbols: ['BTCUSDT'], type: 'crypto' } }]);
    act(() => {
      socket().receive({ cmd: 'subscribe', code: 0, message: 'success', data: { channel: 'depth', symbols: ['BTCUSDT'] } });
    });
    expect(result.current).toBe('live');
    act(() => {
      socket().receive({
        cmd: 'subscribe',
        code: 4003,
        message: 'Depth subscriptions temporarily unavailable',
        data: { channel: 'depth', symbols: ['BTCUSDT'] },
      });
    });
    expect(result.current).toBe('refused');
    unmount();
    const other = renderHook(() => useLiveChannel('ticker', 'BTCUSDT', 'crypto'), options);
    await waitFor(() => {
      // The refused depth is not on the server any more: nothing to unsubscribe.
      expect(socket().takeSent()).toEqual([{ cmd: 'subscribe', data: { channel: 'ticker', symbols: ['BTCUSDT'], type: 'crypto' } }]);
    });
    other.unmount();
    await waitFor(() => {
      expect(socket().takeSent()).toEqual([{ cmd: 'unsubscribe', data: { channel: 'ticker', symbols: ['BTCUSDT'], type: 'crypto' } }]);
    });
  });

  it("useLiveFeed('trade') keeps the trades pushed since subscribing, newest first, at most 200", async () => {
    const { result } = renderHook(() => useLiveFeed('trade', 'BTCUSDT'), options);
    act(() => {
      socket().open();
      socket().ackAll();
      const trades = Array.from({ length: 205 }, (_, index) => ({ id: `t${index}`, price: '1', quantity: '1', side: 'buy', timestamp: index }));
      socket().receive({ cmd: 'trade', data: { symbol: 'BTCUSDT', type: 'crypto', trades } });
    });
    await waitFor(() => {
      expect(result.current.pushed).toHaveLength(200);
    });
    expect(result.current.state).toBe('live');
    expect(result.current.pushed[0]?.id).toBe('t204');
    expect(result.current.pushed[199]?.id).toBe('t5');
  });

  it('useRealtimeStatus reports the connection and the channels in use', () => {
    const { result } = renderHook(() => ({ status: useRealtimeStatus(), trade: useLiveChannel('trade', 'AAPL.US') }), options);
    expect(result.current.status.connection).toBe('connecting');
    act(() => {
      socket().open();
      socket().receive({
        cmd: 'subscribe',
        code: 4004,
        message: 'Trade subscriptions temporarily unavailable',
        data: { channel: 'trade', symbols: ['AAPL.US'], suggestion: 'Use GET /v1/market/trades' },
      });
    });
    expect(result.current.status).toEqual({
      connection: 'open',
      channels: {
        ticker: { state: 'unused' },
        depth: { state: 'unused' },
        trade: { state: 'refused', code: 4004, message: 'Trade subscriptions temporarily unavailable' },
      },
    });
  });
});
