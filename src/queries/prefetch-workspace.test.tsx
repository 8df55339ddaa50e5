// @vitest-environment happy-dom
import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_WORKSPACE, type Workspace } from '../store/workspace-slice';
import { prefetchWorkspace, workspaceFactorSymbols, workspaceHistoryParams } from './prefetch-workspace';
import { recordUnansweredFetches, testServices, wrapperFor } from './query-test-support';
import { serverClockAt } from '../time/test-clock.test-support';
import { useExFactors } from './use-ex-factors';
import { useKlineHistory } from './use-kline-history';
import { useTicker } from './use-ticker';

/** The data's clock, as the server would report it. */
const NOW = Date.parse('2026-11-25T15:00:00Z');

/** Requests by path; none is ever answered, so a second request could only come from a second fetch. */
let requested: URL[] = [];
beforeEach(() => {
  requested = recordUnansweredFetches();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const paths = () => requested.map((url) => url.pathname);

describe('workspaceHistoryParams', () => {
  it('asks stocks for raw prices, as the chart does while factors load, and others for no adjustment', () => {
    expect(workspaceHistoryParams({ ...DEFAULT_WORKSPACE, symbol: 'AAPL.US', adjust: 'forward' })).toEqual({
      symbol: 'AAPL.US',
      interval: '1d',
      adjust: 'none',
    });
    expect(workspaceHistoryParams({ ...DEFAULT_WORKSPACE, symbol: 'BTCUSDT', interval: '1h' })).toEqual({ symbol: 'BTCUSDT', interval: '1h' });
    expect(workspaceHistoryParams({ ...DEFAULT_WORKSPACE, symbol: 'BTCUSD', type: 'forex' })).toEqual({ symbol: 'BTCUSD', interval: '1d', type: 'forex' });
  });
});

describe('prefetchWorkspace', () => {
  it('starts the history page, a stock’s factors and the ticker at once, and the chart and header hooks reuse the requests', async () => {
    const services = testServices({ clock: serverClockAt(NOW) });
    const workspace: Workspace = { ...DEFAULT_WORKSPACE, symbol: '700.HK', interval: '1h', adjust: 'forward' };
    prefetchWorkspace(services, workspace);
    await vi.waitFor(() => {
      expect(paths().sort()).toEqual(['/v1/market/kline', '/v1/market/kline/ex-factors', '/v1/market/ticker']);
    });
    const before = requested.length;

    renderHook(
      () => {
        useKlineHistory(workspaceHistoryParams(workspace));
        useExFactors([workspace.symbol]);
        useTicker(workspace.symbol, workspace.type);
      },
      { wrapper: wrapperFor(services) },
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(requested).toHaveLength(before);
  });

  it('asks for factors only where the chart adjusts locally: a stock, adjusted', () => {
    expect(workspaceFactorSymbols({ ...DEFAULT_WORKSPACE, symbol: 'AAPL.US', adjust: 'backward' })).toEqual(['AAPL.US']);
    expect(workspaceFactorSymbols({ ...DEFAULT_WORKSPACE, symbol: 'AAPL.US', adjust: 'none' })).toEqual([]);
    expect(workspaceFactorSymbols({ ...DEFAULT_WORKSPACE, symbol: 'BTCUSDT', adjust: 'forward' })).toEqual([]);
  });

  it('leaves the history alone when another tab opens first', async () => {
    prefetchWorkspace(testServices({ clock: serverClockAt(NOW) }), { ...DEFAULT_WORKSPACE, tab: 'trades' });
    await vi.waitFor(() => {
      expect(paths()).toEqual(['/v1/market/ticker']);
    });
  });
});
