// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { recordUnansweredFetches, testServices } from '../../queries/query-test-support';
import { useAppStore } from '../../store/app-store';
import { serverClockAt } from '../../time/test-clock.test-support';
import { prefetchOnWorkspaceChange } from './prefetch-on-change';

const initial = useAppStore.getState();
let requested: URL[] = [];
let stop: () => void = () => undefined;

beforeEach(() => {
  useAppStore.setState(initial, true);
  requested = recordUnansweredFetches();
  stop = prefetchOnWorkspaceChange(testServices({ clock: serverClockAt(Date.parse('2026-11-25T15:00:00Z')) }));
});
afterEach(() => {
  stop();
  vi.unstubAllGlobals();
});

const klineSymbols = () =>
  requested
    .filter((url) => url.pathname === '/v1/market/kline')
    .map((url) => `${url.searchParams.get('symbol') ?? ''} ${url.searchParams.get('interval') ?? ''}`);

describe('prefetchOnWorkspaceChange', () => {
  it("starts a newly opened symbol's history and ticker from the store update itself", async () => {
    useAppStore.getState().openSymbol('700.HK');
    await vi.waitFor(() => {
      expect(klineSymbols()).toEqual(['700.HK 1d']);
    });
    expect(requested.some((url) => url.pathname === '/v1/market/ticker' && url.searchParams.get('symbols') === '700.HK')).toBe(true);
  });

  it('starts a new interval, and asks nothing for a change that needs no new data', async () => {
    useAppStore.getState().setInterval('1h');
    await vi.waitFor(() => {
      expect(klineSymbols()).toEqual(['AAPL.US 1h']);
    });
    useAppStore.getState().setZone('utc');
    useAppStore.getState().setInterval('1h');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(klineSymbols()).toEqual(['AAPL.US 1h']);
  });

  it('asks nothing once unsubscribed', async () => {
    stop();
    useAppStore.getState().openSymbol('MSFT.US');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(requested).toEqual([]);
  });
});
