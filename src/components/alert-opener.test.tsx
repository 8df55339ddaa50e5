// @vitest-environment happy-dom
/**
 * Triggers that make an alert from outside the alerts (a horizontal line's "Alert", the screener's
 * "Alert on entries") are offered only once the alerts can answer them, so a click is never
 * refused for a download or for a server status not yet known.
 */
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createAlert, registerAlertCreator, useAlertsCanCreate } from './alert-opener';

const withdrawals: (() => void)[] = [];
afterEach(() => {
  for (const withdraw of withdrawals.splice(0)) withdraw();
});

describe('useAlertsCanCreate', () => {
  it('offers no trigger before the alerts’ code registers its creator, whose refusal a caller then reads', () => {
    const level = renderHook(() => useAlertsCanCreate('level'));
    const screen = renderHook(() => useAlertsCanCreate('screen'));
    expect(level.result.current).toBe(false);
    expect(screen.result.current).toBe(false);
    expect(createAlert({ symbol: 'AAPL.US', level: 100 })).toMatchObject({ ok: false });
  });

  it('offers a level alert once the creator is there, and a screen alert once the server’s status is known too', () => {
    const level = renderHook(() => useAlertsCanCreate('level'));
    const screen = renderHook(() => useAlertsCanCreate('screen'));
    const create = () => ({ ok: true as const, id: 'a1' });
    act(() => {
      withdrawals.push(registerAlertCreator(create, false));
    });
    expect(level.result.current).toBe(true);
    expect(screen.result.current).toBe(false);
    expect(createAlert({ symbol: 'AAPL.US', level: 100 })).toEqual({ ok: true, id: 'a1' });
    // The server answered: the alerts register again, knowing it.
    act(() => {
      withdrawals.push(registerAlertCreator(create, true));
    });
    expect(screen.result.current).toBe(true);
    // Withdrawn (the alerts unmounted): nothing offered.
    act(() => {
      for (const withdraw of withdrawals.splice(0)) withdraw();
    });
    expect(level.result.current).toBe(false);
  });
});
