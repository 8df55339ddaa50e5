// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { usePhoneScreens } from './use-phone-screens';

/** A window `wide` enough for the side columns (lg), or a phone's. */
function screenOf(wide: boolean): void {
  vi.stubGlobal(
    'matchMedia',
    (query: string) => ({ matches: wide, media: query, addEventListener: () => undefined, removeEventListener: () => undefined }) as unknown as MediaQueryList,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('usePhoneScreens', () => {
  it('on a phone renders a screen once it is first shown, and keeps it', () => {
    screenOf(false);
    const { result } = renderHook(() => usePhoneScreens());
    expect(result.current.screen).toBe('chart');
    expect(result.current.rendered('chart')).toBe(true);
    expect(result.current.rendered('watchlist')).toBe(false);
    expect(result.current.rendered('markets')).toBe(false);
    act(() => {
      result.current.show('watchlist');
    });
    expect(result.current.screen).toBe('watchlist');
    act(() => {
      result.current.show('chart');
    });
    expect(result.current.rendered('watchlist')).toBe(true);
    expect(result.current.rendered('markets')).toBe(false);
  });

  it('with the columns side by side renders every screen', () => {
    screenOf(true);
    const { result } = renderHook(() => usePhoneScreens());
    expect(['chart', 'watchlist', 'markets'].every((screen) => result.current.rendered(screen as 'chart'))).toBe(true);
  });
});
