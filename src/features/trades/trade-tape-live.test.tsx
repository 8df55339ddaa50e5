// @vitest-environment happy-dom
// The tape on the realtime layer (a local stub here; the journey e2e/realtime-fallback.spec.ts runs the real one).
import { QueryClient } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChannelState, RealtimeStatus, TradePush } from '../../realtime/types';
import { TradeTape } from './trade-tape';
import { intervalAfter, TestServices } from '../../queries/query-test-support';

const realtime = vi.hoisted((): { state: ChannelState; trades: TradePush[]; status: RealtimeStatus | undefined } => ({
  state: 'live',
  trades: [],
  status: undefined,
}));
vi.mock('../../realtime/hooks', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../realtime/hooks')>()),
  useLiveFeed: () => ({ pushed: realtime.trades, state: realtime.state }),
  useRealtimeStatus: () => realtime.status,
}));

const T = 1_795_573_800_000;
const SNAPSHOT = [
  { id: 's1', price: '505', quantity: '100', side: 'buy', timestamp: T },
  { id: 's2', price: '505.5', quantity: '200', side: 'sell', timestamp: T + 1_000 },
];

let fetchMock: ReturnType<typeof vi.fn>;
let client: QueryClient;

function show() {
  fetchMock = vi.fn(() =>
    Promise.resolve(
      new Response(JSON.stringify({ code: 0, message: 'success', data: { symbol: '700.HK', type: 'stock', trades: SNAPSHOT } }), { status: 200 }),
    ),
  );
  vi.stubGlobal('fetch', fetchMock);
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <TestServices client={client}>
      <TradeTape symbol="700.HK" />
    </TestServices>,
  );
}

function tradesPolling(): unknown {
  return client.getQueryCache().findAll({ queryKey: ['api', 'trades'] })[0]?.observers[0]?.options.refetchInterval;
}

const unused = { state: 'unused' as const };
beforeEach(() => {
  realtime.state = 'live';
  realtime.trades = [];
  realtime.status = { connection: 'open', channels: { ticker: unused, depth: unused, trade: { state: 'live' } } };
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('TradeTape with pushed trades', () => {
  it('live: pushed trades ahead of the one HTTP snapshot, each once, and no polling', async () => {
    realtime.trades = [
      { id: 'p2', symbol: '700.HK', price: '506', quantity: '300', side: 'buy', timestamp: T + 3_000 },
      { id: 's2', symbol: '700.HK', price: '505.5', quantity: '200', side: 'sell', timestamp: T + 1_000 },
    ];
    show();
    await screen.findByRole('table', { name: 'Trades of 700.HK' });
    const prices = screen.getAllByTestId('trade-row').map((row) => within(row).getAllByRole('cell')[1]?.textContent);
    expect(prices).toEqual(['506.0', '505.5', '505.0']);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // No polling: the interval function answers false for a query that succeeded.
    expect(intervalAfter(tradesPolling(), 'success')).toBe(false);
    expect(screen.queryByTestId('trades-live-notice')).toBeNull();
  });

  it('refused: polls HTTP every 3 s and says so', async () => {
    realtime.state = 'refused';
    realtime.status = {
      connection: 'open',
      channels: { ticker: unused, depth: unused, trade: { state: 'refused', code: 4004, message: 'Trade subscriptions temporarily unavailable' } },
    };
    show();
    await screen.findByRole('table', { name: 'Trades of 700.HK' });
    expect(screen.getByRole('status').textContent).toBe('Live trades unavailable (4004 Trade subscriptions temporarily unavailable) — polling every 3 s');
    expect(intervalAfter(tradesPolling(), 'success')).toBe(3_000);
    expect(screen.getAllByTestId('trade-row')).toHaveLength(2);
  });
});
