// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { Profiler } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setRealtimeClient } from '../realtime';
import { fakeClient, tickerPush, type FakeSocket } from '../realtime/fake-socket.test-support';
import { useAppStore } from '../store/app-store';
import { serveTickers, settleBatches } from '../features/watchlist/watchlist-test-server';
import { SymbolHeader } from './symbol-header';

/** Commits of the header's tree. */
const renders = { count: 0 };

const initial = useAppStore.getState();
let socket: () => FakeSocket;

beforeEach(() => {
  useAppStore.setState({ ...initial, workspace: { ...initial.workspace, symbol: 'AAPL.US' } }, true);
  renders.count = 0;
  serveTickers(new Map([['AAPL.US', { last: '222.74', change: '0.53', percent: '0.24' }]]));
  const fake = fakeClient();
  setRealtimeClient(fake.client);
  socket = fake.latest;
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <Profiler id="header" onRender={() => renders.count++}>
        <SymbolHeader />
      </Profiler>
    </QueryClientProvider>,
  );
});

afterEach(async () => {
  cleanup();
  setRealtimeClient(undefined);
  await settleBatches();
  vi.unstubAllGlobals();
});

describe('SymbolHeader', () => {
  it('shows the HTTP quote, then writes pushes into its price and change cells without rendering', async () => {
    await waitFor(() => {
      expect(screen.getByTestId('header-last-price').textContent).toBe('222.74');
    });
    expect(screen.getByTestId('header-change').textContent).toBe('+0.53 (+0.24%)');
    act(() => {
      socket().open();
      socket().ackAll();
    });
    const before = renders.count;
    // Later than the HTTP snapshot, so the push wins.
    act(() => {
      socket().receive(tickerPush('AAPL.US', '223.50', Date.now() + 60_000));
    });
    await waitFor(() => {
      expect(screen.getByTestId('header-last-price').textContent).toBe('223.50');
    });
    act(() => {
      socket().receive(tickerPush('AAPL.US', '221.90', Date.now() + 61_000));
    });
    await waitFor(() => {
      expect(screen.getByTestId('header-last-price').textContent).toBe('221.90');
    });
    expect(screen.getByTestId('header-change').textContent).toMatch(/^[-−]/);
    // The header does not pulse, and two pushes rendered nothing.
    expect(screen.getByTestId('header-last-price').className).not.toMatch(/flash/);
    expect(renders.count).toBe(before);
  });
});
