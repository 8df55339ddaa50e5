// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../store/app-store';
import { recordUnansweredFetches, testServices, wrapperFor } from './query-test-support';
import { serverClockAt } from '../time/test-clock.test-support';
import { OPEN_INTENT_DWELL_MS, useOpenIntent } from './use-open-intent';

/** The data's clock, as the server would report it. */
const NOW = Date.parse('2026-11-25T15:00:00Z');

const initial = useAppStore.getState();
let requested: URL[] = [];

beforeEach(() => {
  vi.useFakeTimers();
  useAppStore.setState(initial, true);
  requested = recordUnansweredFetches();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function intentFor(symbol: string) {
  return renderHook(() => useOpenIntent(symbol), { wrapper: wrapperFor(testServices({ clock: serverClockAt(NOW) })) }).result.current;
}

const historyOf = (symbol: string) => requested.filter((url) => url.pathname === '/v1/market/kline' && url.searchParams.get('symbol') === symbol);

describe('useOpenIntent', () => {
  it("starts the symbol's history once the pointer has rested on it", async () => {
    const intent = intentFor('700.HK');
    act(() => {
      intent.onPointerEnter();
    });
    await vi.advanceTimersByTimeAsync(OPEN_INTENT_DWELL_MS - 1);
    expect(historyOf('700.HK')).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    await vi.waitFor(() => {
      expect(historyOf('700.HK')).toHaveLength(1);
    });
  });

  it('asks nothing for a pointer passing by, or for the symbol already open', async () => {
    const passing = intentFor('MSFT.US');
    act(() => {
      passing.onPointerEnter();
    });
    await vi.advanceTimersByTimeAsync(OPEN_INTENT_DWELL_MS / 2);
    act(() => {
      passing.onPointerLeave();
    });
    const open = intentFor(useAppStore.getState().workspace.symbol);
    act(() => {
      open.onPointerEnter();
    });
    await vi.advanceTimersByTimeAsync(OPEN_INTENT_DWELL_MS * 3);
    expect(requested).toEqual([]);
  });
});
